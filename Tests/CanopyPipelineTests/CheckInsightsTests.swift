import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

/// `canopy check` judges a run without storing it: what history says about it must be what
/// `canopy run` says once the run is stored.
@Suite("check judges a run as run does")
struct CheckInsightsTests {
    typealias Night = (folder: String, started: Date, commit: String, branch: String)

    /// The insights of `night` judged by `check` (not stored) and by `run` (stored), each on a store
    /// holding `history`.
    static func bothWays(_ history: ArraySlice<Night>, then night: Night) async throws -> (check: HistoryInsights, run: HistoryInsights) {
        let directory = NSTemporaryDirectory() + "canopy-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var results: [HistoryInsights] = []
        for stored in [false, true] {
            let path = directory + "/\(stored ? "run" : "check").sqlite"
            try await PrefetchedInsightsTests.store(history, into: path)
            let workflow = try PrefetchedInsightsTests.workflow(store: path, night: night, key: "night-judged")
            let prepared = try workflow.prepare()
            results.append(try await workflow.withStore { store in
                if stored { _ = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows) }
                return try await workflow.insights(for: prepared, store: store, stored: stored)
            })
        }
        return (results[0], results[1])
    }

    @Test("every night of the sample history: the same flakiness, flaky elements and baseline")
    func everyNight() async throws {
        let nights = try PrefetchedInsightsTests.nights()
        for count in [3, 9, 11, nights.count - 1] {
            let pair = try await Self.bothWays(nights.prefix(count), then: nights[count])
            #expect(pair.check.flakiness == pair.run.flakiness, "night \(count + 1)")
            #expect(pair.check.flakyElements == pair.run.flakyElements, "night \(count + 1)")
            #expect(pair.check.comparison == pair.run.comparison, "night \(count + 1)")
            #expect(!pair.run.flakiness.isEmpty)
        }
    }
}
