import CanopyAnalysis
import CanopyHistory
import CanopyModel

extension CommandContext {
    /// The tests slower than usual: each against the median of its last `slowerTests.runs`
    /// passing runs on the run's branch before it (on a request's target branch for a test its own
    /// branch has not passed yet), read for the tests that could qualify (at least
    /// `slowerTests.seconds` long) over a window of twice as many runs (a test that failed more than
    /// half of them has fewer passing runs to take the median of). Nil when the run has
    /// no branch to read: the baseline run's times stand then.
    func slowerThanUsual(of metadata: RunMetadata, testRows: [TestRunRow], store: any HistoryStore) async throws
        -> [SlowerTest]?
    {
        let slowdown = configuration.slowerTests
        let branches = [metadata.branch, metadata.baseBranch].compactMap { $0 }
        guard let branch = branches.first else { return nil }
        var candidates = Set(testRows.lazy.filter { ($0.duration ?? 0) >= slowdown.seconds }.map(\.testKey))
        var usual: [String: (seconds: Double, runs: Int?)] = [:]
        for name in [branch] + branches.dropFirst().filter({ $0 != branch }) where !candidates.isEmpty {
            var window = flakinessWindow(for: metadata)
            window.branch = name
            window.days = nil
            window.runs = max(1, slowdown.runs) * 2
            let durations = try await store.passedDurations(
                in: window, testKeys: candidates, excludingRun: metadata.runKey)
            for (key, value) in UsualDurations.medians(latestFirst: durations, runs: slowdown.runs)
            where usual[key] == nil {
                usual[key] = value
                candidates.remove(key)
            }
        }
        return BaselineComparer.slowerTests(testRows, than: usual, slowdown: slowdown)
    }
}
