import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// The trend dashboard: the latest run's headline, the series, and the tests that changed state.
enum TrendDashboardBuilder {
    /// The tests whose state changed within the window of `points`, with the commit and date.
    /// A state that began with the window's first run may have begun before it: only a change
    /// after a run of the window that saw otherwise is one (a one-run window has none). A test
    /// that broke and was fixed within the window has both changes: stable → newly broken at its
    /// first failing commit, newly broken → fixed at its fix.
    static func changes(flakiness: [TestFlakiness], points: [TrendPoint], now: Date) -> [DashboardStateChange] {
        let dates = Dictionary(points.compactMap { point in point.commit.map { ($0, point.startedAt ?? now) } }, uniquingKeysWith: { first, _ in first })
        let firstCommit = points.first?.commit
        var changes: [DashboardStateChange] = []
        for result in flakiness {
            guard let to = DashboardBuilder.state(result.state), to != .stable else { continue }
            // The commit the state began at: the state's own, or for a flaky test its first failure.
            let verdicts = result.evidence.commits
            guard let commit = result.state.commit ?? verdicts.first(where: { $0.verdict != .pass })?.commit, commit != firstCommit,
                let position = verdicts.firstIndex(where: { $0.commit == commit }), position > 0
            else { continue }  // a test new to the window did not change state: it began so
            let before = verdicts[..<position]
            // A fixed test failing since the window's first run was never seen newly broken.
            let from: DashboardFlakyState =
                to == .fixed
                ? (before.allSatisfy({ $0.verdict == .fail }) ? .stillFailing : .newlyBroken)
                : before.allSatisfy({ $0.verdict == .pass }) ? .stable : .flaky
            guard from != to else { continue }
            if to == .fixed, from == .newlyBroken, let broke = before.lastIndex(where: { $0.verdict == .pass }).map({ before.index(after: $0) }),
                broke < before.endIndex
            {
                let brokeAt = before[broke].commit
                changes.append(DashboardStateChange(
                    test: result.key.testKey, from: .stable, to: .newlyBroken, commit: String(brokeAt.prefix(12)), date: dates[brokeAt] ?? now))
            }
            changes.append(DashboardStateChange(test: result.key.testKey, from: from, to: to, commit: String(commit.prefix(12)), date: dates[commit] ?? now))
        }
        // In the order they happened.
        return changes.sorted { ($0.date, $0.test) < ($1.date, $1.test) }
    }

    /// - Parameter lastMessages: each test's latest failure message over the window (`CommandContext.lastMessages`).
    static func build(
        points: [TrendPoint], flakiness: [TestFlakiness], latest: StoredRun, window: HistoryWindow, now: Date,
        lastMessages: [String: String] = [:]
    ) -> Dashboard {
        let changes = changes(flakiness: flakiness, points: points, now: now)
        let flaky = flakiness.compactMap { DashboardBuilder.flakyTest($0, lastMessage: lastMessages[$0.key.testKey]) }
        let totals = latest.totals
        let last = points.last
        let first = points.first
        let headline = DashboardHeadline(
            // Every figure against the window's first run, as pass rate and coverage are.
            status: totals.failed > 0 ? .testsFailed : .passed,
            tests: DashboardKPI(Double(totals.tests), baseline: first.map { Double($0.tests) }),
            passed: DashboardKPI(Double(totals.passed), baseline: first.map { Double($0.passed) }),
            failed: DashboardKPI(Double(totals.failed), baseline: first.map { Double($0.failed) }),
            flaky: DashboardKPI(Double(totals.flaky), baseline: first.map { Double($0.flaky) }),
            skipped: DashboardKPI(Double(totals.skipped), baseline: first.map { Double($0.skipped) }),
            passRate: DashboardKPI(last?.passRate ?? 1, baseline: first?.passRate),
            identifierCoverage: DashboardKPI(last?.coverage ?? 0, baseline: first?.coverage),
            auditErrors: DashboardKPI(Double(last?.auditErrors ?? 0), baseline: first.map { Double($0.auditErrors) }),
            auditWarnings: DashboardKPI(
                Double((last?.auditIssues ?? 0) - (last?.auditErrors ?? 0)), baseline: first.map { Double($0.auditIssues - $0.auditErrors) }),
            duration: DashboardKPI(totals.duration, baseline: first?.duration))
        // A window of every branch says so: pull-request runs stored beside the nightlies are in it.
        let windowText = (window.days.map { "last \($0) day\($0 == 1 ? "" : "s")" } ?? "last \(points.count) run\(points.count == 1 ? "" : "s")")
            + (window.branch == nil ? ", all branches" : "")
        return Dashboard(
            title: "Canopy", generatedAt: now, headline: headline,
            links: DashboardLinks(
                buildURL: latest.metadata.buildURL, commit: latest.metadata.commit, branch: window.branch,
                baseline: first.map { "the window's first run" + ($0.commit.map { " (\($0.prefix(12)))" } ?? "") }),
            flakyTests: flaky, trend: DashboardBuilder.trend(points, changes: changes, window: windowText))
    }
}
