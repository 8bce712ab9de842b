import CanopyModel

/// Everything the correlator concluded about one run: the `canopy.report/3` document.
///
/// Built by `ReportBuilder.build(run:configuration:)`; rendered as JSON by `canopy inspect
/// --report` and written to `report.json` by `canopy run`. `digest` is what history stores.
package struct Report: Sendable, Equatable, Hashable, Codable {
    /// The schema name and version of the JSON rendering.
    package static let schemaName = "canopy.report/3"

    /// Always `canopy.report/3`.
    package var schema: String
    package var summary: RunSummary
    /// Identifier tree nodes, depth-first, children sorted by path.
    package var identifierTree: [IdentifierNode]
    package var coverage: CoverageReport
    /// Every category in the order tried, with counts.
    package var categories: [CategoryCount]
    /// Failure clusters, largest first.
    package var clusters: [FailureCluster]
    /// Every failure of every attempt, in test and attempt order.
    package var failures: [FailureRecord]
    /// Audit issues joined to elements and nodes, in input order.
    package var auditIssues: [AuditFinding]
    /// The run's input diagnostics, then analysis notes (a skipped category rule).
    package var diagnostics: [Diagnostic]
    /// The keys of the tests that touched each identifier template (the sets the tree's `tests`
    /// count), sorted: what history keeps per test (`RunDigest.identifierTests`). Not part of the
    /// JSON rendering.
    package var identifierTests: [String: [String]] = [:]

    private enum CodingKeys: String, CodingKey {
        case schema, summary, identifierTree, coverage, categories, clusters, failures, auditIssues, diagnostics
    }

    package init(
        summary: RunSummary, identifierTree: [IdentifierNode], coverage: CoverageReport, categories: [CategoryCount],
        clusters: [FailureCluster], failures: [FailureRecord], auditIssues: [AuditFinding], diagnostics: [Diagnostic],
        identifierTests: [String: [String]] = [:]
    ) {
        schema = Self.schemaName
        self.summary = summary
        self.identifierTree = identifierTree
        self.coverage = coverage
        self.categories = categories
        self.clusters = clusters
        self.failures = failures
        self.auditIssues = auditIssues
        self.diagnostics = diagnostics
        self.identifierTests = identifierTests
    }

    /// The node with `path`, if any.
    package func node(_ path: String) -> IdentifierNode? {
        identifierTree.first { $0.path == path }
    }
}
