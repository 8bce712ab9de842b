import CanopyModel
import CanopyRender
import Foundation
import Testing

@testable import CanopyPipeline

/// `canopy run` and `canopy report` hand one builder the same kind of input: the dashboard
/// `report` draws of a stored run is the one `run` drew when it stored it, but for what history
/// does not keep.
@Suite("run and report draw one dashboard")
struct SameDashboardTests {
    /// What history does not keep, blanked on both sides: raw messages (history keeps the
    /// normalised ones), a test's name as its producer wrote it (`testLogin()`: history keeps the
    /// key), source locations, attempt details, screenshots and unidentified elements of the
    /// snapshots; and what only `run` judges: the gates, the headline's verdict,
    /// the page's title and path.
    static func comparable(_ dashboard: Dashboard) -> Dashboard {
        var dashboard = dashboard
        dashboard.title = ""
        dashboard.gates = []
        dashboard.headline.status = .passed
        dashboard.links.dashboard = nil
        func failure(_ row: DashboardNewFailure) -> DashboardNewFailure {
            var row = row
            row.message = ""
            row.location = nil
            row.locationURL = nil
            row.rawIdentifier = nil
            row.identifierFoundIn = nil
            row.screenshots = nil
            return row
        }
        func named(_ entry: DashboardExcusedFailure) -> DashboardExcusedFailure {
            var entry = entry
            entry.message = nil
            entry.failure = entry.failure.map(failure)
            return entry
        }
        dashboard.newFailures = dashboard.newFailures.map(failure)
        dashboard.excusedFailures = dashboard.excusedFailures.map(named)
        dashboard.stillFailing = dashboard.stillFailing.map(named)
        for index in dashboard.clusters.indices { dashboard.clusters[index].example = "" }
        for index in dashboard.flakyTests.indices { dashboard.flakyTests[index].lastMessage = nil }
        for index in dashboard.tests.indices {
            dashboard.tests[index].name = ""
            dashboard.tests[index].message = nil
            dashboard.tests[index].details = nil
        }
        dashboard.accessibility.missingIdentifiers = []
        return dashboard
    }

    @Test("run and report of the same stored run give identical dashboards", arguments: [6, 13])
    func runAndReport(night index: Int) async throws {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-same-dashboard-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/history.sqlite"
        try await InsightsAfterStoreTests.store(nights.prefix(index), into: store)
        let night = nights[index]
        var options = try InsightsAfterStoreTests.context(store: store, night: night, key: "night-judged").options
        options.outputDirectory = directory + "/run"
        let run = try await RunCommand(options: options).run()
        #expect(run.stored)

        var history = HistoryOptions(environment: [:], now: night.started)
        history.store = store
        history.configPath = options.configPath
        history.outputDirectory = directory + "/report"
        let report = try await ReportCommand(options: history).dashboard(key: "night-judged")

        let (fromRun, fromReport) = (Self.comparable(run.dashboard), Self.comparable(report))
        // The sections one by one first, for a readable difference; then the whole.
        #expect(fromReport.headline == fromRun.headline)
        #expect(fromReport.links == fromRun.links)
        #expect(fromReport.newFailures == fromRun.newFailures)
        #expect(fromReport.excusedFailures == fromRun.excusedFailures)
        #expect(fromReport.stillFailing == fromRun.stillFailing)
        #expect(fromReport.slowerTests == fromRun.slowerTests)
        #expect(fromReport.identifierTree == fromRun.identifierTree)
        #expect(fromReport.clusters == fromRun.clusters)
        #expect(fromReport.categories == fromRun.categories)
        #expect(fromReport.failuresByIdentifier == fromRun.failuresByIdentifier)
        #expect(fromReport.flakyTests == fromRun.flakyTests)
        #expect(fromReport.flakyElements == fromRun.flakyElements)
        #expect(fromReport.accessibility == fromRun.accessibility)
        #expect(fromReport.tests == fromRun.tests)
        #expect(fromReport.trend == fromRun.trend)
        #expect(fromReport == fromRun)
        // Not an empty comparison: the night has failures listed by name, causes and history.
        #expect(
            !fromRun.clusters.isEmpty && !fromRun.categories.isEmpty && fromRun.trend != nil
                && !fromRun.flakyTests.isEmpty)
        #expect(fromRun.newFailures.count + fromRun.excusedFailures.count + fromRun.stillFailing.count > 0)
    }
}
