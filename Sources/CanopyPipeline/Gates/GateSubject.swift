import CanopyAnalysis
import CanopyModel

/// What the gates read of a run beside its verdicts. A run just read (`canopy run`, `check`) and a
/// stored one (`report`, the trend's latest run) each give one, so every run is judged by one path
/// (`CommandContext.judge`).
struct GateSubject: Sendable {
    /// Every test's key, in the run's order.
    var testKeys: [TestKey]
    /// The audit types of the run's audit issues.
    var auditTypes: Set<String>
    /// Every identifier the run names: audit issues' elements, failures' elements (identifier and
    /// template), the identifier tree's paths. What an `identifier:` quarantine entry can match.
    var identifiers: Set<String>
    /// Every failure of every attempt.
    var failures: [FailureRecord]
    /// Identifier coverage, when element-tree snapshots were given.
    var coverage: Double?
    /// Tests in the run for the tests gate: nil when the run holds no test results to count
    /// (snapshots or audits alone).
    var tests: Int?
    /// The tests the results declare and list, when they list fewer.
    var declaredTests: RunMetadata.DeclaredTests?
}

extension GateSubject {
    /// A run just read and analysed.
    init(_ prepared: PreparedRun) {
        var identifiers = Set(prepared.run.auditIssues.compactMap { $0.element?.identifier })
        for failure in prepared.report.failures {
            if let element = failure.element {
                identifiers.insert(element.template)
                identifiers.insert(element.identifier)
            }
        }
        for node in prepared.report.identifierTree { identifiers.insert(node.path) }
        // A run counts its tests for the tests gate when an input lists tests, or when no input
        // holds results at all (metrics or insights alone are a run of no test results).
        let listsTests = prepared.run.inputs.contains { $0.format.carriesTests }
        let holdsResults = prepared.run.inputs.contains { $0.format.holdsResults }
        self.init(
            testKeys: prepared.testRows.map(\.key),
            auditTypes: Set(prepared.run.auditIssues.map(\.auditType)), identifiers: identifiers,
            failures: prepared.report.failures,
            coverage: prepared.run.screens.contains { $0.kind == .elementTree }
                ? prepared.report.coverage.overall.ratio : nil,
            tests: listsTests || !holdsResults ? prepared.run.tests.count : nil,
            declaredTests: prepared.run.metadata.declaredTests)
    }

    /// A stored run, from what history holds of it. History does not keep which inputs the run
    /// had: a run of no tests that kept element trees or audit issues was read from those alone,
    /// and is not counted by the tests gate.
    init(
        stored: StoredRun, tests: [TestRunRow], failures: [FailureRecord], audits: [AuditIssue],
        coverage: [CoverageFigure], treePaths: [String]
    ) {
        var identifiers = Set(audits.compactMap { $0.element?.identifier })
        for failure in failures {
            if let element = failure.element {
                identifiers.insert(element.template)
                identifiers.insert(element.identifier)
            }
        }
        identifiers.formUnion(treePaths)
        let snapshotsOrAuditsAlone = tests.isEmpty && (stored.totals.screens > 0 || stored.totals.auditIssues > 0)
        self.init(
            testKeys: tests.map(\.key), auditTypes: Set(audits.map(\.auditType)), identifiers: identifiers,
            failures: failures,
            coverage: stored.totals.elements > 0 ? coverage.first { $0.scope == .overall }?.ratio : nil,
            tests: snapshotsOrAuditsAlone ? nil : tests.count, declaredTests: stored.metadata.declaredTests)
    }
}
