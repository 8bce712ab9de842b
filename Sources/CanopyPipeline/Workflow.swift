import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyParsers
import Foundation

/// A run read from its inputs and analysed, not yet stored.
public struct PreparedRun: Sendable {
    public private(set) var run: Run
    public private(set) var report: Report
    public private(set) var digest: RunDigest
    /// `TestRunRow.rows(for: run, digest: digest)`: what history stores per test and what the
    /// comparison with history reads, made once. One row per test, in the run's order, so
    /// `testRows[i].testKey` is `run.tests[i].identity.key`; read keys from here, not rebuilt.
    public private(set) var testRows: [TestRunRow]

    init(run: Run, report: Report, digest: RunDigest, testRows: [TestRunRow]) {
        precondition(testRows.count == run.tests.count, "one test row per test")
        self.run = run
        self.report = report
        self.digest = digest
        self.testRows = testRows
    }
}

/// The steps every command shares, in the order data flows: read → assemble → analyse → store →
/// compare with history. Each step takes values and returns values; only `openStore` and the
/// insight queries touch the database.
public struct Workflow: Sendable {
    public let options: RunOptions
    public let configuration: CanopyConfiguration
    public let ci: CIEnvironment
    public let progress: Progress

    public init(options: RunOptions) throws {
        self.options = options
        do {
            configuration = try ConfigurationLoader.load(explicit: options.configPath, environment: options.environment)
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        }
        ci = CIEnvironment.detect(options.environment)
        progress = Progress.automatic(quiet: options.quiet)
    }

    /// Where history lives, by precedence: `--store`, `CANOPY_STORE`, `store:` in the config, default.
    public var storeLocation: String {
        if let store = options.store, !store.isEmpty { return store }
        if let store = options.environment["CANOPY_STORE"], !store.isEmpty { return store }
        if let store = configuration.store, !store.isEmpty { return store }
        return (options.outputDirectory as NSString).appendingPathComponent("history.sqlite")
    }

    /// Parses the inputs (all or nothing), assembles the run with its metadata and key, analyses it.
    public func prepare() throws -> PreparedRun {
        let run = try assemble()
        return analyse(run, testRows: Concurrently.start { TestRunRow.rows(for: run) })
    }

    /// Parses the inputs (all or nothing) and assembles the run with its metadata and key.
    public func assemble() throws -> Run {
        guard !options.inputs.isEmpty else { throw PipelineError.usage("give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)") }
        let parsed = try InputReader().readAll(options.inputs, progress: progress)
        var metadata = options.metadata.merging(ci.metadata)
        if ci.provider == nil { metadata = metadata.merging(LocalGit.metadata(environment: options.environment)) }
        var run = RunAssembler.assemble(parsed, metadata: metadata)
        if run.metadata.startedAt == nil { run.metadata.startedAt = options.now }
        if run.metadata.ciProvider == nil { run.metadata.ciProvider = ci.provider ?? "local" }
        run.metadata.runKey = try RunIdentity.key(ci: ci, inputPaths: run.inputs.map(\.path), explicit: options.metadata.runKey)
        return run
    }

    /// Analyses `run`. `testRows` makes `TestRunRow.rows(for: run)` beside the analysis, which
    /// does not need them until infrastructure attempts are counted (90,000 rows took ~0.1 s).
    func analyse(_ run: Run, testRows: Concurrently<[TestRunRow]>) -> PreparedRun {
        let report = ReportBuilder.build(run: run, configuration: configuration.analysis)
        let digest = report.digest
        return PreparedRun(
            run: run, report: report, digest: digest,
            testRows: TestRunRow.countingInfrastructure(testRows.wait(), run: run, digest: digest))
    }

    public func openStore() async throws -> any HistoryStore {
        do {
            return try await HistoryStores.open(storeLocation)
        } catch {
            throw PipelineError.store(StoreLocation.redact("\(error)"))
        }
    }

    /// Opens the store, runs `body`, and closes the store whatever happens; store errors become
    /// `PipelineError.store` with any password redacted.
    public func withStore<T: Sendable>(_ body: (any HistoryStore) async throws -> T) async throws -> T {
        let (value, closing) = try await withStoreClosingLater(body)
        await closing.value
        return value
    }

    /// `withStore`, but after `body` succeeds the store closes in the background (closing waits
    /// for SQLite's checkpoint of the run just written): the caller renders meanwhile and awaits
    /// the returned task before it exits.
    public func withStoreClosingLater<T: Sendable>(
        _ body: (any HistoryStore) async throws -> T
    ) async throws -> (T, Task<Void, Never>) {
        try await withStoreClosingLater(try await openStore(), body)
    }

    /// `withStoreClosingLater` on a store the caller opened.
    func withStoreClosingLater<T: Sendable>(
        _ store: any HistoryStore, _ body: (any HistoryStore) async throws -> T
    ) async throws -> (T, Task<Void, Never>) {
        do {
            let value = try await body(store)
            return (value, Task { await store.close() })
        } catch let error as PipelineError {
            await store.close()
            throw error
        } catch {
            await store.close()
            throw PipelineError.store(StoreLocation.redact("\(error)"))
        }
    }

    /// The window flakiness is judged over.
    func flakinessWindow(for prepared: PreparedRun) -> HistoryWindow {
        HistoryWindow(branch: prepared.run.metadata.branch, days: configuration.flakiness.windowDays, runs: configuration.flakiness.windowRuns)
    }

    /// The largest reads of `insights`, made while the run is being stored.
    public struct Prefetch: Sendable {
        /// The window's rows of every test that failed in it or in this run, without this run's.
        var flakinessRows: [TestRunRow]
        /// The latest other run on the run's branch and its snapshot (no `--baseline`, a branch).
        var baseline: (run: StoredRun, snapshot: BaselineSnapshot)?
        var baselineRead: Bool
        /// The run compared with that baseline, when it was read.
        var comparison: BaselineComparison?
    }

    /// Reads what `insights` reads most of, while the run is being stored. History may be read
    /// before or just after the run's commit; `insights` uses these only when the stored run is the
    /// newest of its window and branch (then they tell exactly what its own reads would return),
    /// and reads again otherwise.
    public func prefetch(for prepared: PreparedRun, store: any HistoryStore) async throws -> Prefetch {
        let failing = Set(prepared.testRows.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey))
        let runKey = prepared.run.metadata.runKey
        var rows: [TestRunRow] = []
        try await store.forEachTestRun(in: flakinessWindow(for: prepared), onlyTestsWithFailures: true, alsoTestKeys: failing) { row in
            if row.runKey != runKey { rows.append(row) }
        }
        guard options.baseline == nil, let branch = prepared.run.metadata.branch else {
            return Prefetch(flakinessRows: rows, baseline: nil, baselineRead: false, comparison: nil)
        }
        // Before the run when it is stored, else the latest other run: the same run either way
        // once the run proves the newest on its branch. The comparison is made here too.
        let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
        guard let run = try await store.previousRun(branch: branch, before: runKey), run.key != runKey else {
            return Prefetch(flakinessRows: rows, baseline: nil, baselineRead: true, comparison: BaselineComparer.compare(current, with: nil))
        }
        let snapshot = try await snapshot(of: run, store: store)
        return Prefetch(
            flakinessRows: rows, baseline: (run, snapshot), baselineRead: true, comparison: BaselineComparer.compare(current, with: snapshot))
    }

    private func snapshot(of run: StoredRun, store: any HistoryStore) async throws -> BaselineSnapshot {
        BaselineSnapshot(
            runKey: run.key, commit: run.metadata.commit, tests: try await store.testRuns(runKey: run.key),
            auditIssues: try await store.auditIssues(runKey: run.key), coverage: try await store.coverage(runKey: run.key))
    }

    /// What `forEachTestRun(in: window, onlyTestsWithFailures: true)` returns now that the run is
    /// stored, made from `prefetched` and the run's own rows; nil unless the run is the newest of
    /// its window (then the window can only have lost its oldest runs, and the run's rows come last
    /// for each test, as the query orders them).
    private func flakinessRows(
        from prefetched: [TestRunRow], prepared: PreparedRun, window: HistoryWindow, store: any HistoryStore
    ) async throws -> [TestRunRow]? {
        let runs = try await store.runs(in: window)
        guard let runKey = prepared.run.metadata.runKey, runs.last?.key == runKey else { return nil }
        let inWindow = Set(runs.map(\.key))
        // The run's rows as the store reads them back: the test's own device, the start time through
        // seconds since 1970.
        let kept = prefetched.filter { inWindow.contains($0.runKey) }
        let rows = prepared.testRows
        var failing = Set(kept.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey))
        for index in rows.indices where rows[index].failedAttempts > 0 { failing.insert(rows[index].testKey) }
        // Only the rows of tests that failed somewhere in the window, by index: copying all 90,000
        // tests of the bench run here was a tenth of the time after the store.
        var own: [TestRunRow] = []
        for index in rows.indices where failing.contains(rows[index].testKey) {
            var row = rows[index]
            row.device = prepared.run.tests[index].identity.device
            row.startedAt = row.startedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) }
            own.append(row)
        }
        return kept.filter { failing.contains($0.testKey) } + own
    }

    /// Compares the run with history: the baseline run, flakiness over the window, flaky
    /// elements and the trend. `stored` says whether the run itself is already in the store;
    /// `prefetched` was read beside the store (`prefetch`).
    public func insights(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, prefetched: Prefetch? = nil
    ) async throws -> HistoryInsights {
        let runKey = prepared.run.metadata.runKey
        let window = flakinessWindow(for: prepared)
        // The prefetched rows stand only when the run is the newest of its window.
        var trimmed: [TestRunRow]?
        if stored, let prefetched {
            trimmed = try await flakinessRows(from: prefetched.flakinessRows, prepared: prepared, window: window, store: store)
        }
        var baselineRun: StoredRun?
        var baselineSnapshot: BaselineSnapshot?
        var prefetchedComparison: BaselineComparison?
        if trimmed != nil, let prefetched, prefetched.baselineRead {
            baselineRun = prefetched.baseline?.run
            baselineSnapshot = prefetched.baseline?.snapshot
            prefetchedComparison = prefetched.comparison
        } else if let key = options.baseline {
            baselineRun = try await store.run(key: key)
            if baselineRun == nil { throw PipelineError.usage("no stored run has the key '\(key)' (--baseline); `canopy report --list` shows the stored runs") }
        } else if let branch = prepared.run.metadata.branch {
            baselineRun = try await store.previousRun(branch: branch, before: stored ? runKey : nil)
            if baselineRun?.key == runKey { baselineRun = nil }
        }
        if baselineSnapshot == nil, let baselineRun { baselineSnapshot = try await snapshot(of: baselineRun, store: store) }
        let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
        let comparison = prefetchedComparison ?? BaselineComparer.compare(current, with: baselineSnapshot)

        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        var rows: [TestRunRow] = []
        var failingKeys: Set<String> = []
        if let trimmed {
            rows = trimmed
        } else {
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { row in
                rows.append(row)
                failingKeys.insert(row.testKey)
            }
        }
        if !stored {
            // `check` does not store the run: its rows join the history it is judged against.
            for row in current.tests
            where row.failedAttempts > 0 || failingKeys.contains(row.testKey) {
                rows.append(row)
            }
        }
        let flakiness = analyzer.analyze(rows)
        var failureRows: [FailureRow] = []
        try await store.forEachFailure(in: window) { failureRows.append($0) }
        let elements = analyzer.flakyElements(failures: failureRows, tests: flakiness)
        let trend = try await store.trend(in: window)
        return HistoryInsights(baselineRun: baselineRun, comparison: comparison, flakiness: flakiness, flakyElements: elements, trend: trend)
    }
}

/// What history says about a run.
public struct HistoryInsights: Sendable {
    public var baselineRun: StoredRun?
    public var comparison: BaselineComparison
    /// Tests with any failure in the window, ranked by flakiness score.
    public var flakiness: [TestFlakiness]
    public var flakyElements: [FlakyElement]
    public var trend: [TrendPoint]

    /// Keys (with and without device) of the tests history calls flaky.
    static func flakyTestKeys(_ insights: HistoryInsights) -> Set<String> {
        var keys: Set<String> = []
        for result in insights.flakiness where result.state == .flaky {
            keys.insert(result.key.testKey)
            if let device = result.key.device { keys.insert(result.key.testKey + "@" + device) }
        }
        return keys
    }
}

/// Work started on another thread and waited for: for the parts of a command that do not depend
/// on each other (the commands are synchronous up to the store).
final class Concurrently<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    private init() {}

    static func start(_ work: @escaping @Sendable () -> Value) -> Concurrently {
        let task = Concurrently()
        DispatchQueue.global().async {
            task.value = work()
            task.done.signal()
        }
        return task
    }

    /// The value, once the work is done (the semaphore orders the write before this read); any
    /// number of callers may wait.
    func wait() -> Value {
        done.wait()
        defer { done.signal() }
        return value!
    }
}
