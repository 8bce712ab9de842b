import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyParsers
import Foundation

/// A run read from its inputs and analysed, not yet stored.
public struct PreparedRun: Sendable {
    public var run: Run
    public var report: Report
    public var digest: RunDigest
    /// `TestRunRow.rows(for: run, digest: digest)`: what history stores per test and what the
    /// comparison with history reads, made once.
    public var testRows: [TestRunRow]
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
        guard !options.inputs.isEmpty else { throw PipelineError.usage("give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)") }
        let parsed = try InputReader().readAll(options.inputs, progress: progress)
        var metadata = options.metadata.merging(ci.metadata)
        if ci.provider == nil { metadata = metadata.merging(LocalGit.metadata(environment: options.environment)) }
        var run = RunAssembler.assemble(parsed, metadata: metadata)
        if run.metadata.startedAt == nil { run.metadata.startedAt = options.now }
        if run.metadata.ciProvider == nil { run.metadata.ciProvider = ci.provider ?? "local" }
        run.metadata.runKey = try RunIdentity.key(ci: ci, inputPaths: run.inputs.map(\.path), explicit: options.metadata.runKey)
        // The test rows do not depend on the analysis until infrastructure attempts are counted:
        // made beside it (90,000 rows took ~0.1 s, twice, on `canopy run`'s critical path).
        let frozen = run
        let rows = Concurrently.start { TestRunRow.rows(for: frozen) }
        let report = ReportBuilder.build(run: run, configuration: configuration.analysis)
        let digest = report.digest
        return PreparedRun(
            run: run, report: report, digest: digest, testRows: TestRunRow.countingInfrastructure(rows.wait(), run: run, digest: digest))
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
        let store = try await openStore()
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

    /// Compares the run with history: the baseline run, flakiness over the window, flaky
    /// elements and the trend. `stored` says whether the run itself is already in the store.
    public func insights(for prepared: PreparedRun, store: any HistoryStore, stored: Bool) async throws -> HistoryInsights {
        let runKey = prepared.run.metadata.runKey
        var baselineRun: StoredRun?
        if let key = options.baseline {
            baselineRun = try await store.run(key: key)
            if baselineRun == nil { throw PipelineError.usage("no stored run has the key '\(key)' (--baseline); `canopy report --list` shows the stored runs") }
        } else if let branch = prepared.run.metadata.branch {
            baselineRun = try await store.previousRun(branch: branch, before: stored ? runKey : nil)
            if baselineRun?.key == runKey { baselineRun = nil }
        }
        var baselineSnapshot: BaselineSnapshot?
        if let baselineRun {
            baselineSnapshot = BaselineSnapshot(
                runKey: baselineRun.key, commit: baselineRun.metadata.commit,
                tests: try await store.testRuns(runKey: baselineRun.key),
                auditIssues: try await store.auditIssues(runKey: baselineRun.key),
                coverage: try await store.coverage(runKey: baselineRun.key))
        }
        let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
        let comparison = BaselineComparer.compare(current, with: baselineSnapshot)

        let window = HistoryWindow(
            branch: prepared.run.metadata.branch, days: configuration.flakiness.windowDays, runs: configuration.flakiness.windowRuns)
        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        var rows: [TestRunRow] = []
        var failingKeys: Set<String> = []
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { row in
            rows.append(row)
            failingKeys.insert(row.testKey)
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

    /// The value, once the work is done (the semaphore orders the write before this read).
    func wait() -> Value {
        done.wait()
        return value!
    }
}
