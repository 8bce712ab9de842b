/// One node of the identifier tree: a template prefix (`Podcast`, `Podcast-{id}`, `Podcast-{id}-row`).
package struct IdentifierNode: Sendable, Equatable, Hashable, Codable {
    /// The template prefix this node stands for.
    package var path: String
    /// The last segment (`{id}`, `row`).
    package var segment: String
    /// The parent's path; nil for a root.
    package var parent: String?
    /// 1 for a root.
    package var depth: Int
    /// Whether some element, failure or audit used exactly this template (not only a prefix of one).
    package var isIdentifier: Bool
    /// Where the identifier was seen: `snapshot`, `audit`, `failure`, `output`.
    package var sources: [NodeSource]
    /// Up to three raw identifiers folded into this template.
    package var examples: [String]
    /// Element types seen with this identifier.
    package var elementTypes: [String]
    /// Figures for exactly this template.
    package var own: NodeStats
    /// Figures for this node and every descendant.
    package var branch: NodeStats
}

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
    /// Failures mapped to it.
    package var failures: Int
    /// Distinct flaky tests among `tests`.
    package var flakyTests: Int
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
        failures = facts.failures
        flakyTests = facts.flakyTests.count
        auditIssuesByType = facts.auditByType
        auditIssuesBySeverity = facts.auditBySeverity
        auditIssues = facts.auditByType.values.reduce(0, +)
    }
}
