import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

/// `canopy run` reads the largest parts of history while it stores the run; what it then
/// concludes must be what reading after the store concludes, or it must read again.
@Suite("History read beside the store")
struct PrefetchedInsightsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = repository.appendingPathComponent("Reports/samples").path

    /// The sample nights: folder, start, commit, branch.
    static func nights() throws -> [(folder: String, started: Date, commit: String, branch: String)] {
        let text = try String(contentsOfFile: samples + "/nights.tsv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], ISO8601DateFormatter().date(from: fields[1])!, fields[2], fields[3])
        }
    }

    static func context(
        store: String, night: (folder: String, started: Date, commit: String, branch: String), key: String, baseline: String? = nil,
        windowRuns: Int? = nil
    ) throws -> CommandContext {
        var options = RunOptions(environment: [:], now: night.started)
        options.inputs = InputSelection(paths: [samples + "/" + night.folder])
        options.configPath = samples + "/canopy.yml"
        if let windowRuns {
            // The sample configuration with flakiness judged over the latest `windowRuns` runs.
            let config = (store as NSString).deletingLastPathComponent + "/canopy-\(windowRuns).yml"
            let text = try String(contentsOfFile: samples + "/canopy.yml", encoding: .utf8)
                .replacingOccurrences(of: "flakiness:\n", with: "flakiness:\n  windowRuns: \(windowRuns)\n")
            try FileManager.default.createDirectory(atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            options.configPath = config
        }
        options.store = store
        options.quiet = true
        options.baseline = baseline
        options.metadata = RunMetadata(runKey: key, commit: night.commit, branch: night.branch, startedAt: night.started)
        return try CommandContext(options: options)
    }

    /// Stores `nights` as `night-0`, `night-1`, … into the store at `path`.
    static func store(_ nights: some Sequence<(folder: String, started: Date, commit: String, branch: String)>, into path: String) async throws {
        for (index, night) in nights.enumerated() {
            let context = try context(store: path, night: night, key: "night-\(index)")
            let prepared = try context.prepare()
            _ = try await context.withStore { try await $0.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows) }
        }
    }

    /// The insights of storing `night` in each way, on two stores holding the same history.
    static func bothWays(
        _ history: ArraySlice<(folder: String, started: Date, commit: String, branch: String)>,
        then night: (folder: String, started: Date, commit: String, branch: String), key: String, baseline: String? = nil,
        storeTwice: Bool = false, interloper: (folder: String, started: Date, commit: String, branch: String)? = nil,
        windowRuns: Int? = nil
    ) async throws -> (after: HistoryInsights, beside: HistoryInsights) {
        let directory = NSTemporaryDirectory() + "canopy-prefetch-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var results: [HistoryInsights] = []
        for way in ["after", "beside"] {
            let path = directory + "/\(way).sqlite"
            try await store(history, into: path)
            let context = try context(store: path, night: night, key: key, baseline: baseline, windowRuns: windowRuns)
            let prepared = try context.prepare()
            if storeTwice {
                _ = try await context.withStore { try await $0.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows) }
            }
            // Another CI job's run, stored after the prefetch and before this run.
            let other = try interloper.map { try Self.context(store: path, night: $0, key: "night-interloper").prepare() }
            let insights = try await context.withStore { store in
                if way == "after" {
                    if let other { _ = try await store.store(other.run, digest: other.digest, testRows: other.testRows) }
                    _ = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
                    return try await context.insights(for: prepared, store: store, stored: true)
                }
                let prefetched = try await context.prefetch(for: prepared, store: store)
                if let other { _ = try await store.store(other.run, digest: other.digest, testRows: other.testRows) }
                let result = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
                return try await context.insights(for: prepared, store: store, stored: true, prefetched: result == .inserted ? prefetched : nil)
            }
            results.append(insights)
        }
        return (results[0], results[1])
    }

    static func expectSame(_ pair: (after: HistoryInsights, beside: HistoryInsights)) {
        #expect(pair.beside.flakiness == pair.after.flakiness)
        #expect(pair.beside.flakyElements == pair.after.flakyElements)
        #expect(pair.beside.comparison == pair.after.comparison)
        #expect(pair.beside.baselineRun?.key == pair.after.baselineRun?.key)
        #expect(pair.beside.trend == pair.after.trend)
    }

    @Test("the newest night: the rows read beside the store are used, and agree")
    func newestNight() async throws {
        let nights = try Self.nights()
        let pair = try await Self.bothWays(nights.dropLast(), then: nights.last!, key: "night-last")
        Self.expectSame(pair)
        #expect(!pair.after.flakiness.isEmpty, "the sample history has flaky and broken tests to compare")
        #expect(pair.after.baselineRun != nil)
        #expect(pair.beside.besideStore == .analysis, "what was read and worked out beside the store was used")
    }

    @Test("the window's rows and failures made from the prefetch are what the store reads after the run")
    func windowRowsMatchTheStore() async throws {
        let nights = try Self.nights()
        let directory = NSTemporaryDirectory() + "canopy-prefetch-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        try await Self.store(nights.dropLast(), into: path)
        let context = try Self.context(store: path, night: nights.last!, key: "night-last")
        let prepared = try context.prepare()
        try await context.withStore { store in
            let prefetched = try await context.prefetch(for: prepared, store: store)
            #expect(try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows) == .inserted)
            let window = context.flakinessWindow(for: prepared)
            let keys = try #require(try await context.windowAfterStoring(prefetched, prepared: prepared, window: window, store: store))
            let made = context.windowRows(from: prefetched, prepared: prepared, inWindow: Set(keys))
            var tests: [TestRunRow] = []
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { tests.append($0) }
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: window) { failures.append($0) }
            let analyzer = FlakinessAnalyzer(configuration: context.configuration.flakiness)
            let flakiness = analyzer.analyze(tests)
            #expect(analyzer.analyze(made.tests) == flakiness)
            #expect(made.failures == failures)
            // What the prefetch worked out beside the store, for the window it expected.
            let expected = try #require(prefetched.expected)
            #expect(expected.window == keys)
            #expect(expected.flakiness == flakiness && !flakiness.isEmpty)
            #expect(expected.flakyElements == analyzer.flakyElements(failures: failures, tests: flakiness))
            #expect(failures.contains { $0.runKey == "night-last" } && failures.contains { $0.runKey != "night-last" })
        }
    }

    @Test("flakiness over the latest runs only: the oldest run leaves the window as the run joins it")
    func windowOfRuns() async throws {
        let nights = try Self.nights()
        let pair = try await Self.bothWays(nights.dropLast(), then: nights.last!, key: "night-last", windowRuns: 5)
        Self.expectSame(pair)
        #expect(pair.beside.besideStore == .analysis, "the window expected once the oldest run left it")
        #expect(pair.after.trend.count == 5, "the window holds five runs")
    }

    @Test("another run stored between the reads and the store: read again after the store")
    func runStoredMeanwhile() async throws {
        let nights = try Self.nights()
        var interloper = nights[nights.count - 2]
        interloper.started = nights.last!.started.addingTimeInterval(-3_600)
        let pair = try await Self.bothWays(nights.dropLast(), then: nights.last!, key: "night-last", interloper: interloper)
        Self.expectSame(pair)
        #expect(pair.beside.besideStore == .nothing, "a run the reads did not see joined the window")
    }

    @Test("a night stored with an earlier date than the history: read again after the store")
    func backdatedNight() async throws {
        let nights = try Self.nights()
        var backdated = nights[3]
        backdated.started = nights[0].started.addingTimeInterval(-86_400)
        Self.expectSame(try await Self.bothWays(nights.dropLast(), then: backdated, key: "night-backdated"))
    }

    @Test("a run already stored, and a run compared with an explicit baseline")
    func storedAgainAndExplicitBaseline() async throws {
        let nights = try Self.nights()
        Self.expectSame(try await Self.bothWays(nights.dropLast(), then: nights.last!, key: "night-again", storeTwice: true))
        Self.expectSame(try await Self.bothWays(nights.dropLast(), then: nights.last!, key: "night-base", baseline: "night-2"))
    }
}
