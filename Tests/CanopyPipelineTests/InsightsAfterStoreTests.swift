import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

/// `canopy run` reads history once the run is stored: what it concludes must be what the store's
/// own reads of the window say, whatever else was stored before or beside the run.
@Suite("History read after the store")
struct InsightsAfterStoreTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
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
        store: String, night: (folder: String, started: Date, commit: String, branch: String), key: String,
        baseline: String? = nil,
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
            try FileManager.default.createDirectory(
                atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            options.configPath = config
        }
        options.store = store
        options.quiet = true
        options.baseline = baseline
        options.metadata = RunMetadata(
            runKey: key, commit: night.commit, branch: night.branch, startedAt: night.started)
        return try CommandContext(options: options)
    }

    /// `canopy run`'s options for `night` read from `inputs`, stored as `night-<index>` into the
    /// store at `store`, its files written to `out`, with no annotations.
    static func runOptions(
        night: (folder: String, started: Date, commit: String, branch: String), index: Int, inputs: String,
        store: String, out: String
    ) -> RunOptions {
        var options = RunOptions(environment: [:], now: night.started)
        options.inputs = InputSelection(paths: [inputs])
        options.configPath = samples + "/canopy.yml"
        options.store = store
        options.quiet = true
        options.outputDirectory = out
        options.annotations = .none
        options.metadata = RunMetadata(
            runKey: "night-\(index)", commit: night.commit, branch: night.branch, startedAt: night.started)
        return options
    }

    /// Stores `nights` as `night-0`, `night-1`, … into the store at `path`.
    static func store(
        _ nights: some Sequence<(folder: String, started: Date, commit: String, branch: String)>, into path: String
    ) async throws {
        for (index, night) in nights.enumerated() {
            let context = try context(store: path, night: night, key: "night-\(index)")
            let prepared = try await context.reader.prepare()
            _ = try await context.history.withStore {
                try await $0.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            }
        }
    }

    /// What `canopy run` concludes of `night` once stored on top of `history` (after `interloper`,
    /// another CI job's run, when given), and what the store's own reads say of the same window.
    static func storedAndRead(
        _ history: ArraySlice<(folder: String, started: Date, commit: String, branch: String)>,
        then night: (folder: String, started: Date, commit: String, branch: String), key: String,
        baseline: String? = nil,
        storeTwice: Bool = false, interloper: (folder: String, started: Date, commit: String, branch: String)? = nil,
        windowRuns: Int? = nil
    ) async throws -> (insights: HistoryInsights, read: Read) {
        let directory = NSTemporaryDirectory() + "canopy-insights-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        try await store(history, into: path)
        let context = try context(store: path, night: night, key: key, baseline: baseline, windowRuns: windowRuns)
        let prepared = try await context.reader.prepare()
        if storeTwice {
            _ = try await context.history.withStore {
                try await $0.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            }
        }
        var other: PreparedRun?
        if let interloper {
            other = try await Self.context(store: path, night: interloper, key: "night-interloper").reader.prepare()
        }
        return try await context.history.withStore { store in
            if let other { _ = try await store.store(other.run, digest: other.digest, testRows: other.testRows) }
            _ = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            let insights = try await context.historyJudge.insights(
                for: prepared, store: store, stored: true,
                chosenBaseline: try await context.historyJudge.chosenBaseline(in: store))
            return (insights, try await Read(context: context, prepared: prepared, store: store))
        }
    }

    /// The window of a stored run, read straight from the store.
    struct Read {
        var tests: [TestRunRow] = []
        var failures: [FailureRow] = []
        var flakiness: [TestFlakiness]
        var flakyElements: [FlakyElement]
        var trend: [TrendPoint]
        var baselineKey: String?
        var comparison: BaselineComparison

        init(context: CommandContext, prepared: PreparedRun, store: any HistoryStore) async throws {
            let window = context.historyJudge.flakinessWindow(for: prepared)
            var tests: [TestRunRow] = []
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { tests.append($0) }
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: window) { failures.append($0) }
            let analyzer = FlakinessAnalyzer(configuration: context.configuration.flakiness)
            self.tests = tests
            self.failures = failures
            flakiness = analyzer.analyze(tests)
            flakyElements = analyzer.flakyElements(failures: failures, tests: flakiness, rows: tests)
            trend = try await store.trend(in: window)
            let stored = try #require(try await store.run(key: prepared.run.metadata.runKey ?? ""))
            var baseline = try await context.historyJudge.chosenBaseline(in: store)
            if context.options.baseline == nil {
                baseline = try await context.historyJudge.previousRun(
                    for: prepared.run, store: store, before: stored.key)
            }
            baselineKey = baseline?.key
            // The run as given (the store keeps no audit frames), compared with the baseline as stored.
            let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            comparison = try await context.historyJudge.comparison(
                of: stored, with: baseline, store: store, current: current)
        }
    }

    static func expectSame(_ pair: (insights: HistoryInsights, read: Read)) {
        #expect(pair.insights.flakiness == pair.read.flakiness)
        #expect(pair.insights.flakyElements == pair.read.flakyElements)
        // Slower tests are judged apart (`slowerThanUsual`), over the branch's durations.
        var comparison = pair.insights.comparison
        comparison.slowerTests = pair.read.comparison.slowerTests
        #expect(comparison == pair.read.comparison)
        #expect(pair.insights.baselineRun?.key == pair.read.baselineKey)
        #expect(pair.insights.trend == pair.read.trend)
    }

    @Test("the newest night: flakiness, baseline and trend are the store's window, this run in it")
    func newestNight() async throws {
        let nights = try Self.nights()
        let pair = try await Self.storedAndRead(nights.dropLast(), then: nights.last!, key: "night-last")
        Self.expectSame(pair)
        #expect(!pair.insights.flakiness.isEmpty, "the sample history has flaky and broken tests to compare")
        #expect(pair.insights.baselineRun != nil)
        #expect(
            pair.read.failures.contains { $0.runKey == "night-last" }
                && pair.read.failures.contains { $0.runKey != "night-last" })
        #expect(pair.insights.trend.last?.runKey == "night-last", "the run is the newest of its window")
    }

    @Test("flakiness over the latest runs only: the oldest run leaves the window as the run joins it")
    func windowOfRuns() async throws {
        let nights = try Self.nights()
        let pair = try await Self.storedAndRead(nights.dropLast(), then: nights.last!, key: "night-last", windowRuns: 5)
        Self.expectSame(pair)
        #expect(pair.insights.trend.count == 5, "the window holds five runs")
        #expect(Set(pair.read.tests.map(\.runKey)).count <= 5)
    }

    @Test("another run stored just before the run: it is in the window read")
    func runStoredMeanwhile() async throws {
        let nights = try Self.nights()
        var interloper = nights[nights.count - 2]
        interloper.started = nights.last!.started.addingTimeInterval(-3_600)
        let pair = try await Self.storedAndRead(
            nights.dropLast(), then: nights.last!, key: "night-last", interloper: interloper)
        Self.expectSame(pair)
        #expect(pair.insights.trend.contains { $0.runKey == "night-interloper" })
    }

    @Test("a night stored with an earlier date than the history")
    func backdatedNight() async throws {
        let nights = try Self.nights()
        var backdated = nights[3]
        backdated.started = nights[0].started.addingTimeInterval(-86_400)
        Self.expectSame(try await Self.storedAndRead(nights.dropLast(), then: backdated, key: "night-backdated"))
    }

    @Test("a run already stored, and a run compared with an explicit baseline")
    func storedAgainAndExplicitBaseline() async throws {
        let nights = try Self.nights()
        Self.expectSame(
            try await Self.storedAndRead(nights.dropLast(), then: nights.last!, key: "night-again", storeTwice: true))
        let chosen = try await Self.storedAndRead(
            nights.dropLast(), then: nights.last!, key: "night-base", baseline: "night-2")
        Self.expectSame(chosen)
        #expect(chosen.insights.baselineRun?.key == "night-2")
    }
}
