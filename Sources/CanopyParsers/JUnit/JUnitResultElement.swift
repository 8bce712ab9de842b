/// A `<failure>`, `<error>`, `<skipped>` or one of Surefire's rerun/flaky elements, as read.
struct JUnitResultElement: Sendable {
    var kind: JUnitElement
    var message: String?
    var type: String?
    var body: BoundedText
    var stackTrace: BoundedText
    var output: BoundedText
    var errorOutput: BoundedText
}
