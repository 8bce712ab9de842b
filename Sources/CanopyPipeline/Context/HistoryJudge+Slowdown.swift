import CanopyAnalysis
import CanopyHistory
import CanopyModel

extension HistoryJudge {
    /// The tests slower than usual: each against the median of its last `slowerTests.runs`
    /// passing runs on the run's branch before it (a pull or merge request's: on its target branch,
    /// and slower than the target's latest passing run as well), read for the tests that could qualify (at least
    /// `slowerTests.seconds` long) over a window of twice as many runs (a test that failed more than
    /// half of them has fewer passing runs to take the median of). Nil when the run has
    /// no branch to read: the baseline run's times stand then.
    func slowerThanUsual(of metadata: RunMetadata, testRows: [TestRunRow], store: any HistoryStore) async throws
        -> [SlowerTest]?
    {
        let slowdown = configuration.slowerTests
        // A pull or merge request is compared with its target branch only.
        let target = metadata.baseBranch.flatMap { $0 != metadata.branch ? $0 : nil }
        let branches = target.map { [$0] } ?? [metadata.branch, metadata.baseBranch].compactMap { $0 }
        guard let branch = branches.first else { return nil }
        var candidates = Set(testRows.lazy.filter { ($0.duration ?? 0) >= slowdown.seconds }.map(\.testKey))
        var usual: [String: (seconds: Double, runs: Int?)] = [:]
        var latest: [String: Double] = [:]
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
                if target != nil { latest[key] = durations[key]?.first(where: \.isFinite) }
            }
        }
        return BaselineComparer.slowerTests(testRows, than: usual, slowdown: slowdown, latest: latest)
    }
}
