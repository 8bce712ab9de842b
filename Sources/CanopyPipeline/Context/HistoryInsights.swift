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
    package var trend: [TrendPoint]
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
