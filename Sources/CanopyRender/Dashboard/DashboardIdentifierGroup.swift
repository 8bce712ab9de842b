/// The failed tests with a failure on one identifier (or identifier branch).
package struct DashboardIdentifierGroup: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    /// Failed tests with a failure on it (a prefix; `failedTests` is the total).
    package var tests: [String]
    package var failedTests: Int
    /// Categories seen on this identifier, most frequent first.
    package var categories: [String]

    package init(identifier: String, tests: [String], failedTests: Int? = nil, categories: [String] = []) {
        self.identifier = identifier
        self.tests = tests
        self.failedTests = failedTests ?? tests.count
        self.categories = categories
    }
}
