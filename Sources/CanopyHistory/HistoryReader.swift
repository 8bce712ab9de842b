import CanopyModel
import Foundation

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
    /// `forEachTestRun` (the keys are bound in batches; each run of the window is read for them).
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
    /// and their messages as the run read them (nil for failures stored before schema 7).
    func failures(runKey: String) async throws -> [FailureDigest]
    /// The identifier nodes one stored run touched.
    func identifierNodes(runKey: String) async throws -> [IdentifierNodeDigest]
    /// One trend point per run in `window`, oldest first, computed in SQL.
    func trend(in window: HistoryWindow) async throws -> [TrendPoint]
    /// Which tests touched which identifier template in the stored runs, each with its last run,
    /// and which tests the store holds results of: the whole history, not a window.
    func testIdentifierHistory() async throws -> TestIdentifierHistory
    /// The XCTMetric measurements of the runs in `window`, oldest run first, then by test key,
    /// attempt and the metric's place in its attempt.
    func metrics(in window: HistoryWindow) async throws -> [StoredMetric]
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
