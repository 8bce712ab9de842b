/// One node of the identifier tree: a template prefix (`Podcast`, `Podcast-{id}`, `Podcast-{id}-row`).
public struct IdentifierNode: Sendable, Equatable, Hashable, Codable {
    /// The template prefix this node stands for.
    public var path: String
    /// The last segment (`{id}`, `row`).
    public var segment: String
    /// The parent's path; nil for a root.
    public var parent: String?
    /// 1 for a root.
    public var depth: Int
    /// Whether some element, failure or audit used exactly this template (not only a prefix of one).
    public var isIdentifier: Bool
    /// Where the identifier was seen: `snapshot`, `audit`, `failure`, `output`.
    public var sources: [NodeSource]
    /// Up to three raw identifiers folded into this template.
    public var examples: [String]
    /// Element types seen with this identifier.
    public var elementTypes: [String]
    /// Figures for exactly this template.
    public var own: NodeStats
    /// Figures for this node and every descendant.
    public var branch: NodeStats
}

/// Figures about one identifier node or branch.
public struct NodeStats: Sendable, Equatable, Hashable, Codable {
    /// Element instances across snapshots.
    public var elements: Int
    /// Interactive elements attributed here (themselves identified, or under an identified ancestor here).
    public var interactive: Int
    /// Of those, elements with a deliberate identifier.
    public var identified: Int
    /// `identified / interactive`, nil when nothing is interactive.
    public var coverage: Double?
    /// Distinct tests that touched it (failure, activity line, snapshot or audit).
    public var tests: Int
    /// Failures mapped to it.
    public var failures: Int
    /// Distinct flaky tests among `tests`.
    public var flakyTests: Int
    /// Audit issues on it.
    public var auditIssues: Int
    public var auditIssuesByType: [String: Int]
    public var auditIssuesBySeverity: [String: Int]

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
