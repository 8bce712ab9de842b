import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

extension DashboardBuilder {
    /// The tests whose state changed within the window of `points`, with the commit and date.
    /// A state that began with the window's first run may have begun before it: only a change
    /// after a run of the window that saw otherwise is one (a one-run window has none). A test
    /// that broke and was fixed within the window has both changes: stable → newly broken at its
    /// first failing commit, newly broken → fixed at its fix.
    static func changes(flakiness: [TestFlakiness], points: [TrendPoint], now: Date) -> [DashboardStateChange] {
        let dates = Dictionary(
            points.compactMap { point in point.commit.map { ($0, point.startedAt ?? now) } },
            uniquingKeysWith: { first, _ in first })
        let firstCommit = points.first?.commit
        var changes: [DashboardStateChange] = []
        for result in flakiness {
            guard let to = state(result.state), to != .stable else { continue }
            // The commit the state began at: the state's own, or for a flaky test its first failure.
            let verdicts = result.evidence.commits
            guard let commit = result.state.commit ?? verdicts.first(where: { $0.verdict != .pass })?.commit,
                commit != firstCommit,
                let position = verdicts.firstIndex(where: { $0.commit == commit }), position > 0
            else { continue }  // a test new to the window did not change state: it began so
            let before = verdicts[..<position]
            // A fixed test failing since the window's first run was never seen newly broken.
            let from: DashboardFlakyState =
                to == .fixed
                ? (before.allSatisfy({ $0.verdict == .fail }) ? .stillFailing : .newlyBroken)
                : before.allSatisfy({ $0.verdict == .pass }) ? .stable : .flaky
            guard from != to else { continue }
            if to == .fixed, from == .newlyBroken,
                let broke = before.lastIndex(where: { $0.verdict == .pass }).map({ before.index(after: $0) }),
                broke < before.endIndex
            {
                let brokeAt = before[broke].commit
                changes.append(
                    DashboardStateChange(
                        test: result.key.testKey, from: .stable, to: .newlyBroken, commit: String(brokeAt.prefix(12)),
                        date: dates[brokeAt] ?? now))
            }
            changes.append(
                DashboardStateChange(
                    test: result.key.testKey, from: from, to: to, commit: String(commit.prefix(12)),
                    date: dates[commit] ?? now))
        }
        // In the order they happened.
        return changes.sorted { ($0.date, $0.test) < ($1.date, $1.test) }
    }

    /// The chart of a window's runs (`points`, oldest first) and the tests that changed state in it.
    static func trend(_ points: [TrendPoint], changes: [DashboardStateChange], window: String) -> DashboardTrend {
        DashboardTrend(
            window: window,
            points: points.map { point in
                DashboardTrendPoint(
                    date: point.startedAt ?? Date(timeIntervalSince1970: 0),
                    commit: point.commit.map { String($0.prefix(12)) } ?? point.runKey,
                    passRate: point.passRate ?? 1, failed: point.failed, passedOnRetry: point.passedOnRetry,
                    failedByCause: point.failedTestsByCause.sorted { $0.key < $1.key }.map {
                        DashboardCategoryCount(category: $0.key, count: $0.value)
                    },
                    coverage: point.coverage, auditIssues: point.auditIssues, auditErrors: point.auditErrors,
                    duration: point.duration)
            },
            changes: changes)
    }
}
