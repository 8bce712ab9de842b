import CanopyModel
import Foundation

/// The write side of history: stores one analysed run, atomically and idempotently.
package protocol HistoryWriter: Sendable {
    /// Stores `run` with what analysis concluded about it, in one transaction.
    ///
    /// The run's identity is `run.metadata.runKey`; a key already stored is left as it is and
    /// reported as `.alreadyStored`. A crash mid-way leaves no partial run. `testRows` are
    /// `TestRunRow.rows(for: run, digest: digest)`, made once by a caller that needs them too.
    func store(_ run: Run, digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult
    /// Starts storing `run` while it is analysed (`PendingStore`): what depends on the run alone
    /// is written now, the rest (its tests among it) complete at `finish`.
    func beginStore(_ run: Run) -> any PendingStore
}

extension HistoryReader {
    /// `forEachTestRun` without extra test keys.
    package func forEachTestRun(
        in window: HistoryWindow, onlyTestsWithFailures: Bool, _ body: (TestRunRow) throws -> Void
    ) async throws {
        try await forEachTestRun(in: window, onlyTestsWithFailures: onlyTestsWithFailures, alsoTestKeys: [], body)
    }

    /// `previousRun` whatever the commit.
    package func previousRun(branch: String, before key: String?) async throws -> StoredRun? {
        try await previousRun(branch: branch, before: key, excludingCommit: nil, startedBefore: nil)
    }

    /// `previousRun` whenever the runs started.
    package func previousRun(branch: String, before key: String?, excludingCommit: String?) async throws -> StoredRun? {
        try await previousRun(branch: branch, before: key, excludingCommit: excludingCommit, startedBefore: nil)
    }
}

extension HistoryWriter {
    /// Stores `run`, making its test rows.
    package func store(_ run: Run, digest: RunDigest) async throws -> IngestResult {
        try await store(run, digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
    }
}

/// The read side of history: the queries analysis and trends need.
package protocol HistoryReader: Sendable {
    /// Runs in `window`, oldest first.
    func runs(in window: HistoryWindow) async throws -> [StoredRun]
    /// The run stored under `key`, if any.
    func run(key: String) async throws -> StoredRun?
    /// The latest run on `branch` that started before the run `key` (or the latest run, when `key`
    /// is nil or not stored), leaving out runs of `excludingCommit`: a re-run of a commit is then
    /// compared with the commit before it, not with its own earlier attempt. `startedBefore`, for a
    /// run not stored, keeps only runs that started before it (`check` of a run from the past).
    func previousRun(branch: String, before key: String?, excludingCommit: String?, startedBefore: Date?) async throws
        -> StoredRun?
    /// Every test of one stored run.
    func testRuns(runKey: String) async throws -> [TestRunRow]
    /// Streams per-test, per-run rows over `window`, ordered by test key, OS version, then run time.
    ///
    /// With `onlyTestsWithFailures`, only tests that failed at least one attempt in the window are
    /// streamed (tests absent from the stream passed every run). Rows come from a cursor: memory
    /// stays flat however large the window. `alsoTestKeys` are streamed too, failed or not
    /// (their rows come after the others; each test's rows stay in order).
    func forEachTestRun(
        in window: HistoryWindow, onlyTestsWithFailures: Bool, alsoTestKeys: Set<String>,
        _ body: (TestRunRow) throws -> Void
    ) async throws
    /// Streams the rows of the tests `testKeys` over `window`, passes included, in the order of
    /// `forEachTestRun` (the keys are bound in batches and read from the test-key index).
    func forEachTestRun(in window: HistoryWindow, testKeys: Set<String>, _ body: (TestRunRow) throws -> Void)
        async throws
    /// The durations of the passed results of the tests `testKeys` over `window`, leaving out the
    /// run `excludingRun`: by test key, latest run first (the window's order: start time, then the
    /// order stored). Tests with none are absent.
    func passedDurations(in window: HistoryWindow, testKeys: Set<String>, excludingRun: String?) async throws
        -> [String: [Double]]
    /// Streams the analysed failures over `window`, ordered by run time.
    func forEachFailure(in window: HistoryWindow, _ body: (FailureRow) throws -> Void) async throws
    /// The audit issues of one stored run.
    func auditIssues(runKey: String) async throws -> [AuditIssue]
    /// The coverage figures of one stored run.
    func coverage(runKey: String) async throws -> [CoverageFigure]
    /// The analysed failures of one stored run, in the run's order, with their normalised messages
    /// (raw messages are not kept).
    func failures(runKey: String) async throws -> [FailureDigest]
    /// The identifier nodes one stored run touched.
    func identifierNodes(runKey: String) async throws -> [IdentifierNodeDigest]
    /// One trend point per run in `window`, oldest first, computed in SQL.
    func trend(in window: HistoryWindow) async throws -> [TrendPoint]
}

/// A history store: both sides, plus where it lives and how to let it go.
package protocol HistoryStore: HistoryReader, HistoryWriter {
    /// The store's location with any password redacted.
    var location: String { get }
    /// The schema version the store is at.
    func schemaVersion() async throws -> Int
    /// Releases connections. The store must not be used afterwards.
    func close() async
}

/// What storing a run did.
package enum IngestResult: String, Sendable, Equatable, Hashable, Codable {
    /// The run was new and is now stored.
    case inserted
    /// A run with the same key was already stored; nothing changed.
    case alreadyStored
}

/// Which runs a query covers: optionally one branch, a time window and a run count.
package struct HistoryWindow: Sendable, Equatable, Hashable, Codable {
    /// Only runs on this branch; nil for every branch.
    package var branch: String?
    /// Only runs that started within this many days before `until` (`--days`).
    package var days: Int?
    /// Only the latest this many runs (`--runs`).
    package var runs: Int?
    /// The end of the window; nil for now.
    package var until: Date?

    package init(branch: String? = nil, days: Int? = nil, runs: Int? = nil, until: Date? = nil) {
        self.branch = branch
        self.days = days
        self.runs = runs
        self.until = until
    }

    /// Every stored run.
    package static let all = HistoryWindow()
}
