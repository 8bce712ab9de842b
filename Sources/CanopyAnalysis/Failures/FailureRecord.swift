import CanopyModel

/// One failure of one attempt, joined to its element, category and cluster.
public struct FailureRecord: Sendable, Equatable, Hashable, Codable {
    /// `TestIdentity.key`.
    public var test: String
    /// Index into `TestCase.attempts`.
    public var attempt: Int
    /// Index into `Attempt.failures`.
    public var index: Int
    public var message: String
    public var location: SourceLocation?
    public var category: String
    public var isInfrastructure: Bool
    public var fingerprint: String
    public var normalizedMessage: String
    /// The element the failure is about, when one could be named.
    public var element: ElementMatch?
    /// The test's final outcome (`failed`, `flaky`).
    public var testOutcome: TestOutcome
}

/// Failures sharing one fingerprint: one cause, one row.
public struct FailureCluster: Sendable, Equatable, Hashable, Codable {
    /// FNV-1a 64 of category, normalised message and identifier template (16 hex digits).
    public var fingerprint: String
    public var category: String
    public var isInfrastructure: Bool
    public var normalizedMessage: String
    /// The first message seen with this fingerprint.
    public var exampleMessage: String
    /// The identifier template, when the failures name one.
    public var identifier: String?
    /// Failures in the cluster.
    public var count: Int
    /// Distinct tests hit.
    public var testCount: Int
    /// The first `ReportBuilder.clusterTestLimit` tests hit, sorted.
    public var tests: [String]
}

/// Failures per category, in the configured order (categories without failures included).
public struct CategoryCount: Sendable, Equatable, Hashable, Codable {
    public var name: String
    public var isInfrastructure: Bool
    public var description: String?
    /// What usually fixes a failure of the category (the rule's `fix`).
    public var fix: String?
    public var failures: Int
    /// Distinct tests with a failure in the category.
    public var tests: Int
    public var clusters: Int
}

/// An audit issue joined to its element and identifier tree node.
public struct AuditFinding: Sendable, Equatable, Hashable, Codable {
    public var issue: AuditIssue
    /// The element it is about, when an identifier could be named.
    public var element: ElementMatch?
    /// Whether an element with that identifier appears in a snapshot (of the same screen, when the issue names one).
    public var inSnapshot: Bool
}

/// Totals of the run and of the analysis.
public struct RunSummary: Sendable, Equatable, Hashable, Codable {
    public var metadata: RunMetadata
    public var totals: RunTotals
    public var inputs: [InputFile]
    /// Failure records (one per failure of each attempt).
    public var failures: Int
    /// Of those, in infrastructure categories: not the app's fault.
    public var infrastructureFailures: Int
    /// Of those, mapped to an identifier.
    public var failuresWithIdentifier: Int
    public var clusters: Int
    /// Distinct identifier templates.
    public var identifiers: Int
}
