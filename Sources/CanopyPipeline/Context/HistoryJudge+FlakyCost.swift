import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

extension HistoryJudge {
    /// The cost of each test `flakiness` calls flaky over `window` (`FlakyCost`), costliest first:
    /// the rows of those tests alone, read by key, with the run's own rows when the window's
    /// stored runs do not hold it (a run `check` judges, a request's run over its target branch).
    func flakyCosts(
        flakiness: [TestFlakiness], of prepared: JudgedRun, window: HistoryWindow, store: any HistoryStore
    ) async throws -> [FlakyCost] {
        let flaky = Set(flakiness.lazy.filter { $0.state == .flaky }.map(\.key.testKey))
        guard !flaky.isEmpty else { return [] }
        var rows: [TestRunRow] = []
        var pullRequests: [String: String] = [:]
        var runs: [(key: String, metadata: RunMetadata)] = []
        for run in try await store.runs(in: window) {
            if let request = run.metadata.pullRequest { pullRequests[run.key] = request }
            runs.append((run.key, run.metadata))
        }
        try await store.forEachTestRun(in: window, testKeys: flaky) { rows.append($0) }
        if let key = prepared.metadata.runKey, !rows.contains(where: { $0.runKey == key }) {
            rows += prepared.testRows.lazy.filter { flaky.contains($0.testKey) }.map(\.readBack)
            if let request = prepared.metadata.pullRequest { pullRequests[key] = request }
        }
        // The run being judged reruns an earlier attempt of its build.
        if let key = prepared.metadata.runKey, !runs.contains(where: { $0.key == key }) {
            runs.append((key, prepared.metadata))
        }
        return FlakyCost.measure(rows: rows, tests: flaky, pullRequests: pullRequests, rerun: FlakyCost.rerun(runs))
    }
}
