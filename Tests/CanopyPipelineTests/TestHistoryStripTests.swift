import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation
import Testing

@testable import CanopyPipeline

/// The history strips: each failing or flaky test's latest results on the branch, read in one
/// windowed query by test key.
@Suite("history strips of the failing and flaky tests")
struct TestHistoryStripTests {
    @Test("night 14 of the sample: every strip ends with this run, oldest first, on the run's branch")
    func sampleNight() async throws {
        let nights = try InsightsAfterStoreTests.nights()
        let last = try #require(nights.last)
        let run = try await CheckInsightsTests.bothWays(nights.dropLast(), then: last).run
        #expect(!run.testHistory.isEmpty)
        let strips = DashboardBuilder.testHistory(run.testHistory)
        // Every failing test of the run has a strip whose last result is this run's.
        let failing = run.testHistory.filter {
            $0.value.contains { $0.runKey == "night-judged" && $0.failedAttempts > 0 }
        }
        #expect(!failing.isEmpty)
        for (key, rows) in run.testHistory {
            let strip = try #require(strips[key])
            #expect(strip.results.count == min(rows.count, DashboardTestHistory.limit), "\(key)")
            #expect(strip.results.map(\.date) == strip.results.map(\.date).sorted(), "\(key): oldest first")
            #expect(Set(rows.map(\.runKey)).count == rows.count, "\(key): one row per run")
        }
        for key in failing.keys {
            let strip = try #require(strips[key])
            #expect(strip.results.last?.date == last.started, "\(key)")
            #expect(strip.results.last?.outcome != .passed, "\(key)")
        }
        // Only the runs of the run's branch, at most the strip's length of them.
        let runs = Set(run.testHistory.values.flatMap { $0.map(\.runKey) })
        #expect(runs.count <= DashboardTestHistory.limit)
        #expect(runs.contains("night-judged"))
    }
}
