import CanopyModel
import Foundation

/// A run being stored while it is analysed: what depends on the run alone (the run, its attempts,
/// its audit issues) is written at `HistoryWriter.beginStore`; `finish` adds what depends on the
/// analysis (the tests, failures, identifier nodes, coverage) and commits, in the one transaction
/// `store` would have used, so the stored rows are the same either way (the run's `ingested_at`
/// is when `beginStore` was called). Each row is written once, complete. The write lock (SQLite)
/// or the open transaction (PostgreSQL) is held from `beginStore` to `finish`.
package protocol PendingStore: AnyObject, Sendable {
    /// Adds the analysis and commits. `testRows` are `TestRunRow.rows(for: run, digest: digest)`.
    func finish(digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult
    /// Abandons the run: nothing of it is stored. Safe after `finish` too (then it does nothing).
    func cancel() async
}
