import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation
import Testing

@testable import CanopyPipeline

/// `canopy trend` hands `DashboardBuilder` its window's latest run as history holds it, as
/// `canopy report` hands a stored run: where the two pages show the same thing, it is the same.
@Suite("trend and report draw the latest run alike")
struct TrendDashboardTests {
    /// A figure's value alone.
    static func values(_ headline: DashboardHeadline) -> [DashboardKPI] {
        [
            headline.tests, headline.passed, headline.failed, headline.passedOnRetry, headline.skipped,
            headline.passRate,
            headline.identifierCoverage,
            headline.auditErrors, headline.auditWarnings, headline.duration,
        ].map { DashboardKPI($0.value, isMeasured: $0.isMeasured) }
    }

    @Test(
        "a trend over the window report judged the latest run over shows that run as report does", arguments: [13, 14])
    func trendAndReport(nights count: Int) async throws {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-trend-report-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/history.sqlite"
        try await InsightsAfterStoreTests.store(nights.prefix(count), into: store)
        var history = HistoryOptions(environment: [:], now: nights[count - 1].started)
        history.store = store
        history.configPath = InsightsAfterStoreTests.samples + "/canopy.yml"
        history.outputDirectory = directory
        let report = try await ReportCommand(options: history).dashboard(key: nil)
        // The window report judged the run over: its branch and the sample's 30 days.
        let trend = try await TrendCommand(options: history).dashboard(days: 30, runs: nil, branch: "main")

        #expect(trend.headline.status == report.headline.status)
        #expect(Self.values(trend.headline) == Self.values(report.headline))
        // The Latest run tab's changes are against the run's baseline, as report's page says them.
        #expect(trend.headline == report.headline)
        #expect(trend.links.commit == report.links.commit && trend.links.buildURL == report.links.buildURL)
        #expect(trend.links.branch == "main" && trend.links.baseline == report.links.baseline)
        #expect(trend.links.baseline != nil)
        // The latest run's lists are report's: one judgement (new, still failing, excused, with
        // the same messages and notes).
        #expect(trend.newFailures == report.newFailures)
        #expect(trend.stillFailing == report.stillFailing)
        #expect(trend.excusedFailures == report.excusedFailures)
        // Flakiness and the chart over the same runs; report also marks the flaky tests its gate counted new.
        func notNew(_ tests: [DashboardFlakyTest]) -> [DashboardFlakyTest] {
            tests.map {
                var test = $0
                test.isNew = false
                return test
            }
        }
        #expect(notNew(trend.flakyTests) == notNew(report.flakyTests))
        #expect(trend.trend?.points == report.trend?.points && trend.trend?.changes == report.trend?.changes)
        #expect(trend.trend?.window == "last 30 days of main" && report.trend?.window == "last \(count) runs of main")
        // The trend page shows none of the run's own sections.
        #expect(trend.tests.isEmpty && trend.identifierTree.isEmpty && trend.clusters.isEmpty)
        // Not an empty comparison.
        let failing = trend.newFailures.count + trend.stillFailing.count + trend.excusedFailures.count
        #expect(failing > 0 && !trend.flakyTests.isEmpty && (trend.trend?.points.count ?? 0) == count)
    }

    /// `canopy run` judged night 14 "tests failed, gates passed" (the sample's launch-time
    /// regression began at night 11, so its gate passes on 14); `report` and the trend's latest
    /// run judge the same stored run again by the same path and must say the same, gates included.
    @Test("report and the trend give the stored run the status and gates `run` gave it")
    func statusAsRun() async throws {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-trend-status-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/history.sqlite"
        try await InsightsAfterStoreTests.store(nights.prefix(13), into: store)
        let night = nights[13]
        let options = InsightsAfterStoreTests.runOptions(
            night: night, index: 13, inputs: InsightsAfterStoreTests.samples + "/" + night.folder, store: store,
            out: directory + "/run")
        let run = try await RunCommand(options: options).run().dashboard
        #expect(run.headline.status == .failed)

        var history = HistoryOptions(environment: [:], now: night.started)
        history.store = store
        history.configPath = options.configPath
        history.outputDirectory = directory
        let report = try await ReportCommand(options: history).dashboard(key: nil)
        let trend = try await TrendCommand(options: history).dashboard(days: nil, runs: 14, branch: "main")
        for dashboard in [report, trend] {
            #expect(dashboard.headline.status == run.headline.status)
            #expect(dashboard.gates.map(\.name) == run.gates.map(\.name))
            #expect(dashboard.gates.map(\.passed) == run.gates.map(\.passed))
        }
    }

    @Test(
        "a trend's headline is its latest run's, with no change where it has no baseline; no coverage measured without snapshots; no partial banner"
    )
    func windowHeadline() {
        func point(_ key: String, tests: Int, failed: Int, coverage: Double?) -> TrendPoint {
            TrendPoint(
                runKey: key, commit: key + "0123456789abcdef", branch: "main", startedAt: nil, tests: tests,
                passed: tests - failed, failed: failed,
                passedOnRetry: 0, skipped: 0, passRate: Double(tests - failed) / Double(tests), duration: 10,
                auditIssues: 3,
                auditErrors: 1,
                coverage: coverage, failedTestsByCause: [:])
        }
        var totals = RunTotals()
        (totals.tests, totals.passed, totals.failed, totals.duration) = (4, 3, 1, 12)
        let points = [
            point("first", tests: 3, failed: 0, coverage: 0.5), point("last", tests: 4, failed: 1, coverage: nil),
        ]
        var metadata = RunMetadata()
        metadata.commit = "last0123456789abcdef"
        metadata.branch = "feature/x"
        metadata.unreadInputs = ["bad.xml:1:65: error: Premature end of data"]
        let input = DashboardInput(
            title: "Canopy", metadata: metadata, totals: totals, coverage: nil, audits: [], failures: [], testRows: [],
            parts: .empty,
            insights: HistoryInsights(
                baselineRun: nil, comparison: BaselineComparison(baselineRunKey: nil), flakiness: [], flakyElements: [],
                trend: points),
            window: TrendWindow(HistoryWindow(runs: 2), runs: points.count), gates: nil, now: Date())
        let dashboard = DashboardBuilder(input: input).build()
        #expect(dashboard.headline.tests == DashboardKPI(4))
        #expect(dashboard.headline.failed == DashboardKPI(1))
        #expect(dashboard.headline.passRate == DashboardKPI(0.75))
        #expect(
            dashboard.headline.auditErrors == DashboardKPI(0) && dashboard.headline.auditWarnings == DashboardKPI(0))
        #expect(dashboard.headline.identifierCoverage == DashboardKPI(0, isMeasured: false))
        #expect(dashboard.headline.status == .testsFailed)
        // A window of every branch names no branch, though its latest run has one.
        #expect(dashboard.links.branch == nil && dashboard.links.commit == metadata.commit)
        #expect(dashboard.links.baseline == nil)
        #expect(dashboard.trend?.window == "last 2 runs of every branch" && dashboard.trend?.points.count == 2)
        // A partial latest run does not make the window's page partial.
        #expect(dashboard.unreadableInputs.isEmpty)
    }
}
