/// Failures that hit one identifier (or identifier branch).
package struct DashboardIdentifierGroup: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var count: Int
    /// Tests hit (a prefix; `testCount` is the total).
    package var tests: [String]
    package var testCount: Int
    /// Categories seen on this identifier, most frequent first.
    package var categories: [String]

    package init(identifier: String, count: Int, tests: [String], testCount: Int? = nil, categories: [String] = []) {
        self.identifier = identifier
        self.count = count
        self.tests = tests
        self.testCount = testCount ?? tests.count
        self.categories = categories
    }
}
