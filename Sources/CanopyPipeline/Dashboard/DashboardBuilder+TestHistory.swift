import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

extension DashboardBuilder {
    /// History strips from each test's stored rows (any order): one result per run, oldest first,
    /// labelled with the test's state over the judged window (`flakiness`).
    /// A pull or merge request's run (`ownCommit`, its commit) names no commit of its own as
    /// `since`: its states are its target branch's window and this run, as are its strips (`window`
    /// says whose runs they are).
    static func testHistory(
        _ rows: [String: [TestRunRow]], flakiness: [TestFlakiness] = [], ownCommit: String? = nil,
        window: DashboardHistoryWindow? = nil
    ) -> [String: DashboardTestHistory] {
        let results = Dictionary(flakiness.map { ($0.key.testKey, $0) }, uniquingKeysWith: { first, _ in first })
        return Dictionary(
            uniqueKeysWithValues: rows.map { key, rows in
                let ordered = rows.sorted {
                    ($0.startedAt ?? .distantPast, $0.runKey) < ($1.startedAt ?? .distantPast, $1.runKey)
                }
                var strip = DashboardTestHistory(
                    latest: ordered.map {
                        DashboardTestHistory.Result(
                            outcome: $0.outcome, commit: $0.commit, date: $0.startedAt ?? .distantPast)
                    }, since: results[key].flatMap { stripLabel($0, ownCommit: ownCommit) })
                strip.branch = window?.branch
                strip.plusThisRun = window?.plusThisRun ?? false
                return (key, strip)
            })
    }

    /// The runs history counts, in the renderers' shape.
    static func window(_ window: HistoryInsights.Window) -> DashboardHistoryWindow {
        DashboardHistoryWindow(branch: window.branch, runs: window.runs, plusThisRun: window.plusThisRun)
    }

    /// A strip's label for a test's state: failing since the commit it began failing at, fixed at
    /// the commit of its fix, flaky since its first failure in the window (where `changes` dates
    /// it); nothing for a stable test.
    static func stripLabel(_ result: TestFlakiness, ownCommit: String? = nil) -> String? {
        switch result.state {
        case .stable: return nil
        case .newlyBroken(let commit), .stillFailing(let commit), .unconfirmedFailure(let commit):
            return (commit == ownCommit ? DashboardWords.StripState.failingInThisRun : .failingSince(commit)).text
        case .fixed(let commit): return DashboardWords.StripState.fixedAt(commit).text
        case .flaky:
            return DashboardWords.StripState.flakySince(
                result.evidence.commits.first { $0.verdict != .pass }.map(\.commit)
            ).text
        }
    }
}
