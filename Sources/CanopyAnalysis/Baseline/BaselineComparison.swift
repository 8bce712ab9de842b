import CanopyModel

/// The current run against its baseline (the previous run on the branch, or a named one).
package struct BaselineComparison: Sendable, Equatable, Hashable, Codable {
    /// The baseline's run key; nil when there was no baseline (then every list is empty).
    package var baselineRunKey: String?
    /// Tests failing now that did not fail in the baseline, or are new. Sorted keys. Not the run's
    /// *new failures* (docs/glossary.md): those leave out quarantined and known-flaky tests
    /// (`RunVerdicts.newFailures`).
    package var failingNotInBaseline: [String]
    /// Tests that failed in the baseline and pass now. Sorted keys.
    package var fixedTests: [String]
    /// Tests passed on retry now that did not pass on retry in the baseline. Sorted keys. Not the
    /// run's *new flaky tests*: those leave out tests history already knows as flaky
    /// (`RunVerdicts.newFlaky`).
    package var passedOnRetryNotInBaseline: [String]
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
    /// Tests of the baseline that this run does not have (deleted or renamed, or never run: a
    /// crash, a cut-off run). Sorted keys; empty without a baseline.
    package var missingTests: [String] = []

    package init(
        baselineRunKey: String?, failingNotInBaseline: [String] = [], fixedTests: [String] = [],
        passedOnRetryNotInBaseline: [String] = [],
        stillFailing: [String] = [], newAuditIssues: [AuditIssue] = [], resolvedAuditIssues: Int = 0,
        coverage: [CoverageChange] = []
    ) {
        self.baselineRunKey = baselineRunKey
        self.failingNotInBaseline = failingNotInBaseline
        self.fixedTests = fixedTests
        self.passedOnRetryNotInBaseline = passedOnRetryNotInBaseline
        self.stillFailing = stillFailing
        self.newAuditIssues = newAuditIssues
        self.resolvedAuditIssues = resolvedAuditIssues
        self.coverage = coverage
    }

    /// The overall coverage change, when recorded.
    package var overallCoverage: CoverageChange? { coverage.first { $0.scope == .overall } }
}
