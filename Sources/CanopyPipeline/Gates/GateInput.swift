import CanopyModel
import CanopyRender
import Foundation

/// The values the gates look at, computed by the pipeline from the report and the baseline. What
/// the gates count of the tests is read from the run's one judgement (`verdicts`), never copied.
package struct GateInput: Sendable, Equatable {
    /// Identifier coverage of this run, when snapshots were given.
    package var coverage: Double?
    /// Identifier coverage of the baseline run, when known.
    package var baselineCoverage: Double?
    /// Each test's verdict: the new failures, failing and excused tests, new flaky tests.
    package var verdicts: RunVerdicts
    /// The audit issues the baseline did not have, less quarantined ones: what the new-audit-errors
    /// gate counts (its errors) and the annotations name.
    package var newAuditIssues: [AuditIssue]
    /// Failing tests per cause category.
    package var failuresPerCategory: [String: Int]
    /// Tests in the run, when test results (JUnit, xcresult) were given or no input holds results
    /// at all (metrics, insights, activities alone: 0); nil for snapshots or audits alone.
    package var tests: Int?
    /// Tests of the baseline absent from this run (`BaselineComparison.missingTests`).
    package var missingTests: [String] = []
    /// The test command's exit code (`--test-exit-code`), when given.
    package var testExitCode: Int32?
    /// The tests the results declare and list, when they list fewer (`RunMetadata.declaredTests`).
    package var declaredTests: RunMetadata.DeclaredTests?
    /// The run's metrics that regressed at this run (`HistoryInsights.metricChanges` that began here), and
    /// how many of its metrics had history enough to be judged (0: the gate is not listed).
    package var metricRegressions: [MetricChange] = []
    package var metricsJudged = 0

    package init(
        coverage: Double? = nil, baselineCoverage: Double? = nil, verdicts: RunVerdicts = RunVerdicts(tests: []),
        newAuditIssues: [AuditIssue] = [], failuresPerCategory: [String: Int] = [:], tests: Int? = nil
    ) {
        self.tests = tests
        self.coverage = coverage
        self.baselineCoverage = baselineCoverage
        self.verdicts = verdicts
        self.newAuditIssues = newAuditIssues
        self.failuresPerCategory = failuresPerCategory
    }

    /// Keys of tests failing now that did not fail in the baseline (all failing tests when there is none).
    package var newFailures: [String] { verdicts.newFailures }
    /// Keys of every failing test, new or not, but not quarantined ones.
    package var failures: [String] { verdicts.failing }
    /// Failing tests left out of `newFailures`: quarantined, or known to be flaky.
    package var excusedFailures: [ExcusedFailure] { verdicts.excused }
    /// Tests that passed on a retry and were not flaky in history before, not quarantined.
    package var newFlakyTests: [String] { verdicts.newFlaky }
    /// The run's crash records (`RunVerdicts.crashes`).
    package var crashes: [String] { verdicts.crashes }

    /// The metrics-regressions gate's items, one sentence each (`MetricChange.sentence`).
    package var metricRegressionItems: [String] { metricRegressions.map(\.sentence) }

    /// The new accessibility errors among `newAuditIssues`, one line each (`type: description on
    /// element`): the new-audit-errors gate's items.
    package var newAuditErrors: [String] {
        newAuditIssues.filter { $0.severity == .error }.map(\.gateItem)
    }
}
