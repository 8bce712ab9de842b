import CanopyModel

/// Failures per category, in the configured order (categories without failures included).
package struct CategoryCount: Sendable, Equatable, Hashable, Codable {
    package var name: String
    package var isInfrastructure: Bool
    package var description: String?
    /// What usually fixes a failure of the category (the rule's `fix`).
    package var fix: String?
    package var failures: Int
    /// Distinct tests with a failure in the category.
    package var tests: Int
    package var clusters: Int
}
