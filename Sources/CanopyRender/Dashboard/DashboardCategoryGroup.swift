/// Failures of one cause category.
package struct DashboardCategoryGroup: Sendable, Equatable, Hashable, Codable {
    package var category: String
    package var isInfrastructure: Bool
    package var count: Int
    /// Tests hit (a prefix; `testCount` is the total).
    package var tests: [String]
    package var testCount: Int
    /// Clusters in this category, largest first.
    package var clusterIDs: [String]
    /// What the category means, one line (the rule's `description`), when known.
    package var description: String?
    /// What usually fixes such a failure, one line (the rule's `fix`), when known.
    package var fix: String?

    package init(
        category: String, isInfrastructure: Bool, count: Int, tests: [String], testCount: Int? = nil,
        clusterIDs: [String] = [], description: String? = nil, fix: String? = nil
    ) {
        self.description = description
        self.fix = fix
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.count = count
        self.tests = tests
        self.testCount = testCount ?? tests.count
        self.clusterIDs = clusterIDs
    }
}
