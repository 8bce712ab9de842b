/// One `<testcase>` as read, before it is turned into attempts: what the SAX side hands to the
/// case folder at `</testcase>`.
struct JUnitPendingCase: Sendable {
    var className: String?
    var name: String?
    var time: String?
    var file: String?
    var line: Int?
    var flaky = false
    var startLine: Int
    var results: [JUnitResultElement] = []
    var output: BoundedText
    var errorOutput: BoundedText
    var properties: [(String, String)] = []
    /// Names of the enclosing `<testsuite>` elements, outermost first (shared storage while the
    /// suite stack does not change, so passing it along costs a retain).
    var suites: [String] = []
    /// The testcase's position among the testcases of its innermost suite, from 1.
    var positionInSuite = 1
}
