/// The failed tests of one cause (`FailedTestCause`).
package struct DashboardCategoryGroup: Sendable, Equatable, Hashable, Codable {
    package var category: String
    package var isInfrastructure: Bool
    /// Failed tests of the cause (a prefix; `failedTests` is the total).
    package var tests: [String]
    package var failedTests: Int
    /// Clusters in this category, largest first.
    package var clusterIDs: [String]
    /// What the category means, one line (the rule's `description`), when known.
    package var description: String?
    /// What usually fixes such a failure, one line (the rule's `fix`), when known.
    package var fix: String?

    package init(
        category: String, isInfrastructure: Bool, tests: [String], failedTests: Int? = nil, clusterIDs: [String] = [],
        description: String? = nil, fix: String? = nil
    ) {
        self.description = description
        self.fix = fix
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.tests = tests
        self.failedTests = failedTests ?? tests.count
        self.clusterIDs = clusterIDs
    }
}
