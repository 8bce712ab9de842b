import CanopyModel

/// One failure of one attempt, joined to its element, category and cluster.
package struct FailureRecord: Sendable, Equatable, Hashable, Codable {
    /// `TestIdentity.key`.
    package var test: String
    /// Index into `TestCase.attempts`.
    package var attempt: Int
    /// Index into `Attempt.failures`.
    package var index: Int
    package var message: String
    package var location: SourceLocation?
    package var category: String
    package var isInfrastructure: Bool
    package var fingerprint: String
    package var normalizedMessage: String
    /// The element the failure is about, when one could be named.
    package var element: ElementMatch?
    /// The test's final outcome (`failed`, `flaky`).
    package var testOutcome: TestOutcome
}

/// Failures sharing one fingerprint: one cause, one row.
package struct FailureCluster: Sendable, Equatable, Hashable, Codable {
    /// FNV-1a 64 of category, normalised message and identifier template (16 hex digits).
    package var fingerprint: String
    package var category: String
    package var isInfrastructure: Bool
    package var normalizedMessage: String
    /// The first message seen with this fingerprint.
    package var exampleMessage: String
    /// The identifier template, when the failures name one.
    package var identifier: String?
    /// Failures in the cluster.
    package var count: Int
    /// Distinct tests hit.
    package var testCount: Int
    /// The first `ReportBuilder.clusterTestLimit` tests hit, sorted.
    package var tests: [String]
}

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

/// An audit issue joined to its element and identifier tree node.
package struct AuditFinding: Sendable, Equatable, Hashable, Codable {
    package var issue: AuditIssue
    /// The element it is about, when an identifier could be named.
    package var element: ElementMatch?
    /// Whether an element with that identifier appears in a snapshot (of the same screen, when the issue names one).
    package var inSnapshot: Bool
}

/// Totals of the run and of the analysis.
package struct RunSummary: Sendable, Equatable, Hashable, Codable {
    package var metadata: RunMetadata
    package var totals: RunTotals
    package var inputs: [InputFile]
    /// Failure records (one per failure of each attempt).
    package var failures: Int
    /// Of those, in infrastructure categories: not the app's fault.
    package var infrastructureFailures: Int
    /// Of those, mapped to an identifier.
    package var failuresWithIdentifier: Int
    package var clusters: Int
    /// Distinct identifier templates.
    package var identifiers: Int
}
