import CanopyAnalysis
import CanopyHistory
import CanopyModel

extension HistoryJudge {
    /// The run's XCTMetric changes across history and how many of its metrics had history enough
    /// to judge: each metric of the run against the same test's, metric's, destination's and
    /// configuration's measurements in the `metricChanges.runs` runs before it on the branch its
    /// history is read from (`historyWindow(for:)`: a pull or merge request's target branch).
    func metricChanges(of prepared: JudgedRun, store: any HistoryStore, stored: Bool) async throws
        -> (changes: [MetricChange], judged: Int, histories: [MetricHistory])
    {
        let thresholds = configuration.metricChanges
        let metadata = prepared.metadata
        let key = metadata.runKey ?? ""
        var current = prepared.metrics
        if current == nil, stored, metadata.runKey != nil {
            // A stored run's own measurements: the latest run of its own branch up to its start.
            let own = HistoryWindow(branch: metadata.branch, runs: 1, until: metadata.startedAt ?? now)
            current = try await store.metrics(in: own).filter { $0.runKey == key }
        }
        guard let current, !current.isEmpty else { return ([], 0, []) }
        var window = historyWindow(for: metadata)
        window.days = nil
        window.runs = max(1, thresholds.runs) + 1
        async let points = store.trend(in: window)
        let earlier = try await store.metrics(in: window).filter { $0.runKey != key }
        let runs = try await points.filter { $0.runKey != key }
        var commits = Dictionary(runs.map { ($0.runKey, $0.commit ?? "") }, uniquingKeysWith: { first, _ in first })
            .filter { !$0.value.isEmpty }
        commits[key] = metadata.commit
        let currentRows = current.map { row in
            var row = row
            row.runKey = key
            return row
        }
        let histories = MetricHistory.histories(
            earlier + currentRows, runKeys: runs.map(\.runKey) + [key], currentRunKey: key, commits: commits)
        let minimumRuns = max(1, thresholds.minimumRuns)
        let judged = histories.filter { $0.samples.dropLast().filter { !$0.measurements.isEmpty }.count >= minimumRuns }
        let changes = TestTouches.joined(
            MetricChangeDetector.changes(of: judged, thresholds: thresholds), run: prepared.identifierTests,
            index: prepared.sourceIndex)
        return (changes, judged.count, histories)
    }
}
