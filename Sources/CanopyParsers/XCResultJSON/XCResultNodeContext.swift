/// What the nodes above a test say about it while walking an xcresulttool tree.
struct XCResultNodeContext: Equatable {
    var bundle: String?
    var suites: [String] = []
    var configuration: String?
    var device: String?
    var arguments: String?

    /// The part of the context that splits one test case into separate tests.
    var runKey: String {
        [configuration ?? "", device ?? "", arguments ?? ""].joined(separator: "\u{1F}")
    }
}
