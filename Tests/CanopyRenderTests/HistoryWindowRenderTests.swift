import CanopyModel
import CanopyRender
import Foundation
import Testing

/// Every count of runs on the page names the window it counts; on a pull request that is its
/// target branch's window plus this run, and a sentence that also counts the target branch alone
/// names both.
@Suite("counts of runs name their window")
struct HistoryWindowRenderTests {
    static let request = DashboardHistoryWindow(branch: "main", runs: 29, plusThisRun: true)

    @Test("the window's name and a test's failed runs in it")
    func words() {
        #expect(Self.request.name == "last 29 runs of main + this run")
        #expect(Self.request.total == 30)
        #expect(Self.request.failedIn(9, of: 30) == "failed in 9 of the last 29 runs of main + this run")
        #expect(
            Self.request.failedIn(3, of: 12)
                == "failed in 3 of the 12 runs that ran it, of the last 29 runs of main + this run")
        let branch = DashboardHistoryWindow(branch: "main", runs: 1)
        #expect(branch.failedIn(1, of: 1) == "failed in 1 of the last 1 run of main")
        let first = DashboardHistoryWindow(branch: "main", runs: 0, plusThisRun: true)
        #expect(first.name == "this run alone (no run of main before it)")
        #expect(first.failedIn(1, of: 1) == "failed in 1 of this run alone (no run of main before it)")
        #expect(DashboardHistoryWindow(branch: nil, runs: 14).name == "last 14 runs of every branch")
    }

    @Test("a pull request's page: the flaky list, the strips, the flaky view and the sparklines")
    func page() throws {
        var dashboard = DashboardSample.make()
        dashboard.historyWindow = Self.request
        dashboard.flakyTests[1].evidence.runs = 12
        dashboard.flakyTests[1].evidence.failedRuns = 3
        var strip = DashboardTestHistory(
            latest: HistoryStripRenderTests.results("pppkff"), since: "flaky since c1abcdef0123")
        strip.branch = "main"
        strip.plusThisRun = true
        dashboard.testHistory = [dashboard.flakyTests[0].test: strip]
        let page = HTMLDashboardRenderer().render(dashboard)
        let has = { (text: String) in page.contains(text) }
        // Both windows named in the one sentence: the request's, and main's own.
        #expect(has("failed in 9 of the last 29 runs of main + this run; flaky on main: 7 of the last 30 runs"))
        #expect(has("failed in 3 of the 12 runs that ran it, of the last 29 runs of main + this run"))
        #expect(!has("of 30 runs"))
        #expect(has("Last 6 results on main + this run, oldest first"))
        #expect(has("{\"on\":\"main + this run\","))
        #expect(has("Ranked by flakiness score over the last 29 runs of main + this run"))
        #expect(has("Tests whose state changed within the last 29 runs of main + this run"))
        // The sample's trend has 14 points, fewer than the window: the sparkline says how many.
        #expect(has("aria-label=\"Pass rate over 14 runs of the last 29 runs of main + this run\""))
    }

    @Test("the summary, the comment and the Slack message say the window their flaky tests count")
    func textSurfaces() throws {
        var dashboard = DashboardSample.make()
        dashboard.historyWindow = DashboardHistoryWindow(branch: "release/<b>", runs: 29, plusThisRun: true)
        let summary = MarkdownRenderer().render(dashboard)
        #expect(
            summary.contains(
                "### 🔁 Flaky tests (2)\n\nOver the last 29 runs of release/&lt;b> + this run.\n\n| score |"))
        // The comment's flaky test that failed here says its target branch's count.
        let comment = MarkdownComment().render(dashboard)
        #expect(comment.contains("testSearchSuggestions</code> — flaky on main: 7 of the last 30 runs"), "\(comment)")
        dashboard.flakyTests = dashboard.flakyTests.map {
            var test = $0
            test.onTargetBranch = nil
            return test
        }
        #expect(
            MarkdownComment().render(dashboard).contains(
                "testSearchSuggestions</code> — flaky: failed in 9 of the last 29 runs of release/&lt;b> + this run"))
        let slack = SlackMessageTests.texts(SlackRenderer.run(dashboard)).map(\.text).joined(separator: "\n")
        #expect(slack.contains("failed in 9 of the last 29 runs of release/&lt;b&gt; + this run"), "\(slack)")
        try SlackMessageTests.checkLimits(SlackRenderer.run(dashboard))
    }
}
