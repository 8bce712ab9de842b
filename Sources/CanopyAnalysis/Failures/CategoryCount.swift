import CanopyModel

/// One cause (category) of the run, in the configured order (categories without failed tests
/// included): its failed tests (`FailedTestCause`) and clusters.
package struct CategoryCount: Sendable, Equatable, Hashable, Codable {
    package var name: String
    package var isInfrastructure: Bool
    package var description: String?
    /// What usually fixes a failure of the category (the rule's `fix`).
    package var fix: String?
    /// Failed tests counted under this cause: the categories add up to the run's failed tests.
    package var failedTests: Int
    /// Clusters (same fingerprint) of the category, among every failure of every attempt.
    package var clusters: Int
}
