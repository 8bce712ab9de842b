import CanopyAnalysis
import CanopyHistory
import CanopyModel

/// What history says about a run.
package struct HistoryInsights: Sendable {
    package var baselineRun: StoredRun?
    package var comparison: BaselineComparison
    /// Tests with any failure in the window, ranked by flakiness score.
    package var flakiness: [TestFlakiness]
    package var flakyElements: [FlakyElement]
    /// The figures of the window's runs, oldest first: for a pull or merge request, its target
    /// branch's runs, then this run's (`window`).
    package var trend: [TrendPoint]
    /// The runs history was read over, which flakiness, the trend and the strips count.
    package var window = Window()
    /// What each test flaky over the window cost in it, costliest first (`FlakyCost`).
    package var flakyCosts: [FlakyCost] = []
    /// Each test's latest failure message over the window, as its run read it.
    package var lastFailureMessages: [String: String] = [:]
    /// For a pull or merge request, the tests failing in it that its target branch's window calls
    /// flaky: known flakes there are not new in the request (its own branch has little history).
    package var flakyOnTargetBranch: Set<String> = []
    /// For a pull or merge request, the flakiness over its target branch's window of the tests
    /// failing in it (`failing since` names the target branch's commit, not the request's own).
    package var targetBranchFlakiness: [TestFlakiness] = []
    /// The fingerprints of the earlier failures (in the window, and on a request's target branch)
    /// of the tests failing in this run, by test key.
    package var pastFailureFingerprints: [String: Set<String>] = [:]
    /// Those tests' failed runs and runs over the target branch's window, by test key.
    package var targetBranchFlakes: [String: (branch: String, failedRuns: Int, runs: Int)] = [:]
    /// The latest results on the run's branch of its failing tests and the window's flaky ones,
    /// by test key (`testHistory(for:)`): their history strips.
    package var testHistory: [String: [TestRunRow]] = [:]
    /// Whose runs `testHistory` holds: `window`'s branch, and this run when it is not stored there.
    package var testHistorySource = Window()
    /// The run's XCTMetric changes across history (`MetricChangeDetector`), regressions first.
    package var metricChanges: [MetricChange] = []
    /// How many of the run's metrics had history enough to be judged (`metricChanges.minimumRuns`
    /// earlier runs): the metric-regressions gate is listed only when some had.
    package var metricsJudged = 0
    /// The run's metrics over the window they were judged on, the current run last.
    package var metricHistories: [MetricHistory] = []
    /// The runs a run's history is read over: the stored runs of one branch (the run's own, or a
    /// pull or merge request's target branch) in the flakiness window, and this run when it is not
    /// one of them (a request's run, or a run not stored).
    package struct Window: Sendable, Equatable {
        /// The branch whose runs the window holds; nil for every branch.
        package var branch: String?
        /// The stored runs of `branch` in the window.
        package var runs = 0
        /// Whether this run is counted besides `runs`.
        package var plusThisRun = false
    }

    /// Keys of the tests history calls flaky (a key names its device already: `TestIdentity.key`):
    /// over the run's window, and for a pull request over its target branch's window too.
    var knownFlaky: Set<String> {
        Set(flakiness.lazy.filter { $0.state == .flaky }.map(\.key.testKey)).union(flakyOnTargetBranch)
    }

    /// The tests history calls flaky with their past failures: what excuses a known flake's
    /// failure, or not (`FlakyPast`).
    var flakyPast: FlakyPast { FlakyPast(flakyTests: knownFlaky, fingerprints: pastFailureFingerprints) }

    /// Keys of the tests history called flaky before this run: flaky over the window with a
    /// failure in another of its runs than this one (whose own failure is at most one run), or
    /// flaky on the target branch.
    var flakyBefore: Set<String> {
        Set(flakiness.lazy.filter { $0.state == .flaky && $0.evidence.failedRuns >= 2 }.map(\.key.testKey)).union(
            flakyOnTargetBranch)
    }
}
