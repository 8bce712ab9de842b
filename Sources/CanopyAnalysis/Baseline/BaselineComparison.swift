import CanopyModel

/// What one run looked like, for comparing against another: test outcomes, audit issues, coverage.
package struct BaselineSnapshot: Sendable, Equatable, Hashable, Codable {
    package var runKey: String?
    package var commit: String?
    package var tests: [TestRunRow]
    package var auditIssues: [AuditIssue]
    package var coverage: [CoverageFigure]

    package init(runKey: String?, commit: String?, tests: [TestRunRow], auditIssues: [AuditIssue], coverage: [CoverageFigure]) {
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

/// Coverage of one scope before and after.
package struct CoverageChange: Sendable, Equatable, Hashable, Codable {
    package var scope: CoverageFigure.Scope
    package var name: String
    package var before: Double?
    package var after: Double?

    package init(scope: CoverageFigure.Scope, name: String, before: Double?, after: Double?) {
        self.scope = scope
        self.name = name
        self.before = before
        self.after = after
    }

    /// `after - before` when both are known (a drop is negative).
    package var delta: Double? {
        guard let before, let after else { return nil }
        return after - before
    }
}

/// The current run against its baseline (the previous run on the branch, or a named one).
package struct BaselineComparison: Sendable, Equatable, Hashable, Codable {
    /// The baseline's run key; nil when there was no baseline (then every list is empty).
    package var baselineRunKey: String?
    /// Tests failing now (every attempt) that did not fail in the baseline, or are new. Sorted keys.
    package var newFailures: [String]
    /// Tests that failed in the baseline and pass now. Sorted keys.
    package var fixedTests: [String]
    /// Tests flaky now (a retry passed) that were not flaky in the baseline. Sorted keys.
    package var newFlakyTests: [String]
    /// Tests failing in both.
    package var stillFailing: [String]
    /// Audit issues not in the baseline (same type, element, screen and severity).
    package var newAuditIssues: [AuditIssue]
    /// Baseline audit issues gone now.
    package var resolvedAuditIssues: Int
    /// The baseline's audit errors and warnings; nil without a baseline.
    package var baselineAuditErrors: Int?
    package var baselineAuditWarnings: Int?
    /// Every scope in either run, overall first.
    package var coverage: [CoverageChange]
    /// Tests slower than in the baseline past the comparison's `SlowdownThresholds`, the largest
    /// slowdown first, at most its `limit`.
    package var slowerTests: [SlowerTest] = []

    package init(
        baselineRunKey: String?, newFailures: [String] = [], fixedTests: [String] = [], newFlakyTests: [String] = [],
        stillFailing: [String] = [], newAuditIssues: [AuditIssue] = [], resolvedAuditIssues: Int = 0,
        coverage: [CoverageChange] = []
    ) {
        self.baselineRunKey = baselineRunKey
        self.newFailures = newFailures
        self.fixedTests = fixedTests
        self.newFlakyTests = newFlakyTests
        self.stillFailing = stillFailing
        self.newAuditIssues = newAuditIssues
        self.resolvedAuditIssues = resolvedAuditIssues
        self.coverage = coverage
    }

    /// The overall coverage change, when recorded.
    package var overallCoverage: CoverageChange? { coverage.first { $0.scope == .overall } }
}

/// A test much slower than usual: its usual seconds and its seconds now.
package struct SlowerTest: Sendable, Equatable, Hashable, Codable {
    package var testKey: String
    /// Its usual seconds: the median of its last passing runs, or the baseline run's time.
    package var before: Double
    package var after: Double
    /// How many passing runs `before` is the median of; nil when it is one baseline run's time.
    package var runs: Int?

    package init(testKey: String, before: Double, after: Double, runs: Int? = nil) {
        self.testKey = testKey
        self.before = before
        self.after = after
        self.runs = runs
    }
}
