/// Figures about one identifier node or branch.
package struct NodeStats: Sendable, Equatable, Hashable, Codable {
    /// Element instances across snapshots.
    package var elements: Int
    /// Interactive elements attributed here (themselves identified, or under an identified ancestor here).
    package var interactive: Int
    /// Of those, elements with a deliberate identifier.
    package var identified: Int
    /// `identified / interactive`, nil when nothing is interactive.
    package var coverage: Double?
    /// Distinct tests that touched it (failure, activity line, snapshot or audit).
    package var tests: Int
    /// Distinct failed tests among `tests` with a failure mapped to it.
    package var failed: Int
    /// Distinct tests passed on retry among `tests`.
    package var passedOnRetry: Int
    /// Audit issues on it.
    package var auditIssues: Int
    package var auditIssuesByType: [String: Int]
    package var auditIssuesBySeverity: [String: Int]

    init(_ facts: NodeFacts) {
        elements = facts.elements
        interactive = facts.interactive
        identified = facts.identified
        coverage = facts.interactive > 0 ? Double(facts.identified) / Double(facts.interactive) : nil
        tests = facts.tests.count
        failed = facts.failedTests.count
        passedOnRetry = facts.passedOnRetryTests.count
        auditIssuesByType = facts.auditByType
        auditIssuesBySeverity = facts.auditBySeverity
        auditIssues = facts.auditByType.values.reduce(0, +)
    }
}
