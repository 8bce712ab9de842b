import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

/// The comparison with history: the baseline run, flakiness over the window, flaky elements and
/// the trend, read after the run is stored (`run`) or beside a run not stored (`check`).
extension CommandContext {
    /// Compares the run with history: the baseline run, flakiness over the window, flaky
    /// elements and the trend. `stored` says whether the run itself is already in the store;
    /// `chosenBaseline` is the run `--baseline` names, as the command chose it (`chosenBaseline(in:)`).
    package func insights(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, chosenBaseline: StoredRun?
    ) async throws -> HistoryInsights {
        // `check` on a run whose key is stored already judges it as stored (not twice, and against
        // the run before it).
        var stored = stored
        if !stored, let key = prepared.run.metadata.runKey, try await store.run(key: key) != nil { stored = true }
        let window = flakinessWindow(for: prepared)
        // The trend is one query over the window's runs, a pull request's target branch one more,
        // and the usual times of the run's long tests one per 500 of them: read while the rest is
        // worked out.
        async let trend = store.trend(in: window)
        async let targetBranch = targetBranchHistory(of: prepared, store: store)
        async let slower = slowerThanUsual(of: prepared.run.metadata, testRows: prepared.testRows, store: store)
        let (baselineRun, comparison) = try await baseline(
            for: prepared, store: store, stored: stored, chosen: chosenBaseline)
        let (flakiness, flakyElements, lastMessages, pastFingerprints) = try await self.flakiness(
            for: prepared, store: store, stored: stored, window: window)
        var insights = HistoryInsights(
            baselineRun: baselineRun, comparison: comparison, flakiness: flakiness, flakyElements: flakyElements,
            trend: try await trend)
        insights.lastFailureMessages = lastMessages
        insights.pastFailureFingerprints = pastFingerprints
        insights.testHistory = try await testHistory(
            of: prepared.run.metadata, testRows: prepared.testRows, flakiness: flakiness, store: store)
        if let slower = try await slower { insights.comparison.slowerTests = slower }
        let target = try await targetBranch
        insights.targetBranchFlakiness = target.flakiness
        let flakyOnTarget = target.flakiness.filter { $0.state == .flaky }
        insights.flakyOnTargetBranch = Set(flakyOnTarget.map(\.key.testKey))
        if let branch = self.targetBranch {
            insights.targetBranchFlakes = Dictionary(
                flakyOnTarget.map {
                    ($0.key.testKey, (branch: branch, failedRuns: $0.evidence.failedRuns, runs: $0.evidence.runs))
                },
                uniquingKeysWith: { first, _ in first })
        }
        insights.pastFailureFingerprints.merge(target.pastFingerprints) { $0.union($1) }
        return insights
    }
}
