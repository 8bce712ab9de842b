import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopySource
import Foundation

/// The comparison with history: the baseline run, flakiness over the window, flaky elements and
/// the trend, read after the run is stored (`run`) or beside a run not stored (`check`).
extension HistoryJudge {
    /// Compares the run with history: the baseline run, flakiness over the window, flaky
    /// elements and the trend. `stored` says whether the run itself is already in the store;
    /// `chosenBaseline` is the run `--baseline` names, as the command chose it (`chosenBaseline(in:)`);
    /// `sourceIndex` names the identifiers a test queries (`--source`).
    package func insights(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, chosenBaseline: StoredRun?,
        sourceIndex: SourceIndex? = nil
    ) async throws -> HistoryInsights {
        try await insights(
            for: JudgedRun(prepared, sourceIndex: sourceIndex), store: store, stored: stored,
            chosenBaseline: chosenBaseline)
    }

    /// `insights(for:)` of a run as judging reads it: a run just read, or a stored one (`canopy
    /// report`, the trend's latest run), which is `stored`. For a pull or merge request's run
    /// (`metadata.baseBranch` names another branch), each test's state is its target branch's
    /// window plus this run, so every "since" names a target-branch commit.
    func insights(
        for prepared: JudgedRun, store: any HistoryStore, stored: Bool, chosenBaseline: StoredRun?
    ) async throws -> HistoryInsights {
        // `check` on a run whose key is stored already judges it as stored (not twice, and against
        // the run before it).
        var stored = stored
        if !stored, let key = prepared.metadata.runKey, try await store.run(key: key) != nil { stored = true }
        let window = flakinessWindow(for: prepared.metadata)
        let history = historyWindow(for: prepared.metadata)
        // The trend is one query over the window's runs (a request's own point one more), a pull
        // request's target branch one more, and the usual times of the run's long tests one per
        // 500 of them: read while the rest is worked out.
        async let trend = trend(of: prepared, window: window, stored: stored, store: store)
        async let targetBranch = targetBranchHistory(of: prepared, store: store)
        async let slower = slowerThanUsual(of: prepared.metadata, testRows: prepared.testRows, store: store)
        async let metrics = metricChanges(of: prepared, store: store, stored: stored)
        let (baselineRun, comparison) = try await baseline(
            for: prepared, store: store, stored: stored, chosen: chosenBaseline)
        var (flakiness, flakyElements, lastMessages, pastFingerprints) = try await self.flakiness(
            for: prepared, store: store, stored: stored, window: window)
        if history.branch != window.branch {
            // A request's own branch has few runs, and its commits are not the target's: each
            // test's state is the target branch's window with this run added to it.
            (flakiness, flakyElements, lastMessages, _) = try await self.flakiness(
                for: prepared, store: store, stored: false, window: history)
        }
        let points = try await trend
        var insights = HistoryInsights(
            baselineRun: baselineRun, comparison: comparison, flakiness: flakiness, flakyElements: flakyElements,
            trend: points.window)
        insights.window = HistoryInsights.Window(
            branch: history.branch, runs: points.storedRuns, plusThisRun: !stored || history.branch != window.branch)
        insights.lastFailureMessages = lastMessages
        insights.flakyCosts = try await flakyCosts(
            flakiness: flakiness, of: prepared, window: history.branch != window.branch ? history : window,
            store: store)
        insights.pastFailureFingerprints = pastFingerprints
        insights.testHistory = try await testHistory(
            of: prepared, flakiness: flakiness, stored: stored && history.branch == window.branch, store: store)
        insights.testHistorySource = insights.window
        if let slower = try await slower { insights.comparison.slowerTests = slower }
        (insights.metricChanges, insights.metricsJudged, insights.metricHistories) = try await metrics
        let target = try await targetBranch
        insights.targetBranchFlakiness = target.flakiness
        let flakyOnTarget = target.flakiness.filter { $0.state == .flaky }
        insights.flakyOnTargetBranch = Set(flakyOnTarget.map(\.key.testKey))
        if let branch = prepared.metadata.baseBranch, branch != prepared.metadata.branch {
            insights.targetBranchFlakes = Dictionary(
                flakyOnTarget.map {
                    ($0.key.testKey, (branch: branch, failedRuns: $0.evidence.failedRuns, runs: $0.evidence.runs))
                },
                uniquingKeysWith: { first, _ in first })
        }
        insights.pastFailureFingerprints.merge(target.pastFingerprints) { $0.union($1) }
        return insights
    }

    /// The window a run's history is read over: its flakiness window (`flakinessWindow(for:)`), on
    /// a pull or merge request's target branch for a request's run (`metadata.baseBranch` naming
    /// another branch), to which the run itself is added.
    func historyWindow(for metadata: RunMetadata) -> HistoryWindow {
        var window = flakinessWindow(for: metadata)
        if let target = metadata.baseBranch, target != metadata.branch { window.branch = target }
        return window
    }

    /// The trend of the runs whose history `prepared` is judged by, oldest first: the window's
    /// stored runs (`window`, the run's own branch's), or for a request's run its target branch's
    /// (`historyWindow(for:)`) followed by this run's own point once stored. A run not among the
    /// stored runs takes one of a window of runs (`HistoryWindow.makingRoom`), as flakiness counts it.
    func trend(
        of prepared: JudgedRun, window: HistoryWindow, stored: Bool, store: any HistoryStore
    ) async throws -> (window: [TrendPoint], storedRuns: Int) {
        let history = historyWindow(for: prepared.metadata)
        guard history.branch != window.branch else {
            let points = try await store.trend(in: stored ? window : window.makingRoom())
            return (points, points.count)
        }
        // The request's own branch's window holds its point once stored: read with the target's.
        async let own = store.trend(in: window)
        let target = try await store.trend(in: history.makingRoom())
        let key = prepared.metadata.runKey
        return (target + (try await own).filter { key != nil && $0.runKey == key }, target.count)
    }
}
