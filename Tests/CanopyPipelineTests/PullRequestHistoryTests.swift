import CanopyModel
import CanopyRender
import Foundation
import Testing

@testable import CanopyPipeline

/// A pull request's page: its history (strips, the Trend tab, the dates of state changes) is its
/// target branch's window plus this run, and every count of runs says which window it counts.
@Suite("a pull request's history is its target branch's window plus this run", .serialized)
struct PullRequestHistoryTests {
    /// The sample's 14 nights stored on main, then night 14's inputs run again as pull request 7
    /// (`--branch feature/x --base-branch main`), as `canopy run` draws its page.
    static func pullRequestPage() async throws -> (
        dashboard: Dashboard, report: Dashboard, nights: [CheckInsightsTests.Night]
    ) {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-pr-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/history.sqlite"
        try await InsightsAfterStoreTests.store(nights, into: store)
        let started = try #require(ISO8601DateFormatter().date(from: "2026-11-21T10:00:00Z"))
        let night = (folder: nights[13].folder, started: started, commit: "abc1234", branch: "feature/x")
        var options = try InsightsAfterStoreTests.context(store: store, night: night, key: "pr-1").options
        options.baseBranch = "main"
        options.outputDirectory = directory + "/pr"
        // The page is made ten days after the run: no date on it may be the day it was made.
        options.now = started.addingTimeInterval(10 * 86_400)
        let run = try await RunCommand(options: options).run()
        #expect(run.stored)
        // `canopy report` of the stored request's run reads the same history.
        var history = HistoryOptions(environment: [:], now: options.now)
        history.store = store
        history.configPath = options.configPath
        history.outputDirectory = directory + "/report"
        let report = try await ReportCommand(options: history).dashboard(key: "pr-1")
        return (run.dashboard, report, nights)
    }

    @Test("strips, Trend tab and state-change dates: main's runs, then this run")
    func historyOfTheTargetBranch() async throws {
        let (dashboard, report, nights) = try await Self.pullRequestPage()
        let mainCommits = nights.map { String($0.commit.prefix(12)) }
        let starts = Dictionary(uniqueKeysWithValues: nights.map { (String($0.commit.prefix(12)), $0.started) })
        let prStart = try #require(ISO8601DateFormatter().date(from: "2026-11-21T10:00:00Z"))

        // Strips: the flaky test's last results on main, then this run's, oldest first.
        let strip = try #require(dashboard.testHistory["AppUITests.FeedTests/testPullToRefresh"])
        #expect(strip.results.count == nights.count + 1, "\(strip.results.map(\.commit))")
        #expect(strip.results.dropLast().map { $0.commit.map { String($0.prefix(12)) } } == mainCommits)
        #expect(strip.results.last?.commit == "abc1234")
        #expect(strip.results.last?.date == prStart)
        #expect(strip.since == "flaky since ba29edc98397")

        // The Trend tab: main's window and this run, named so.
        let trend = try #require(dashboard.trend)
        #expect(trend.points.map(\.commit) == mainCommits + ["abc1234"])
        #expect(trend.window == "last 14 runs of main + this run")

        // State changes are dated by the start of the run of their commit, as `canopy trend` dates them.
        #expect(!trend.changes.isEmpty)
        for change in trend.changes {
            #expect(change.date == starts[change.commit], "\(change.test) \(change.commit)")
        }
        let fixed = try #require(trend.changes.first { $0.to == .fixed })
        #expect(fixed.commit == "eb75fba2bf18")
        #expect(fixed.date == nights[11].started)

        // `canopy report` of the request's run: the same history.
        #expect(report.trend == dashboard.trend)
        #expect(report.testHistory == dashboard.testHistory)
        #expect(report.historyWindow == dashboard.historyWindow)
    }

    @Test("every count of runs on the page names its window")
    func countsNameTheirWindow() async throws {
        let (dashboard, _, _) = try await Self.pullRequestPage()
        #expect(dashboard.historyWindow?.name == "last 14 runs of main + this run")
        let html = HTMLDashboardRenderer().render(dashboard)
        // The request's window and main's own, each named, in one sentence.
        #expect(
            html.contains("failed in 11 of the last 14 runs of main + this run; flaky on main: 10 of the last 14 runs"),
            "\(html.ranges(of: "failed in").map { String(html[$0.lowerBound...].prefix(120)) })")
        #expect(!html.contains(" of 15 runs"))
        #expect(html.contains("Last 15 results on main + this run, oldest first"))
        #expect(html.contains("Ranked by flakiness score over the last 14 runs of main + this run"))
        #expect(html.contains("15 runs from 2026-11-08 to 2026-11-21."))
    }
}
