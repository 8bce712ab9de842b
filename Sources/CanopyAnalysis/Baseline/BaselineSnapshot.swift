import CanopyModel

/// What one run looked like, for comparing against another: test outcomes, audit issues, coverage.
package struct BaselineSnapshot: Sendable, Equatable, Hashable, Codable {
    package var runKey: String?
    package var commit: String?
    package var tests: [TestRunRow]
    package var auditIssues: [AuditIssue]
    package var coverage: [CoverageFigure]

    package init(
        runKey: String?, commit: String?, tests: [TestRunRow], auditIssues: [AuditIssue], coverage: [CoverageFigure]
    ) {
        self.runKey = runKey
        self.commit = commit
        self.tests = tests
        self.auditIssues = auditIssues
        self.coverage = coverage
    }

    /// The snapshot of a run just analysed (before or without storing it).
    package init(run: Run, digest: RunDigest) {
        self.init(run: run, digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
    }

    /// With the run's test rows made beforehand (`TestRunRow.rows(for:digest:)`).
    package init(run: Run, digest: RunDigest, testRows: [TestRunRow]) {
        self.init(
            runKey: run.metadata.runKey, commit: run.metadata.commit, tests: testRows, auditIssues: run.auditIssues,
            coverage: digest.coverage)
    }
}
