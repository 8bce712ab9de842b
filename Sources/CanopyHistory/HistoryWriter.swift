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
    ///
    /// With `merging` (the legs a merge assembled `run` from, with their payloads, as it read
    /// them), the transaction first checks, holding the run key's lock against legs being stored
    /// (`HistoryShards`), that the run's stored legs are exactly those; otherwise `finish` throws
    /// `ShardMergeConflict` and stores nothing. A run already stored is `.alreadyStored` without
    /// that check. The legs are left in place.
    func beginStore(_ run: Run, merging: [StoredShard]?) -> any PendingStore
}

extension HistoryWriter {
    /// Starts storing `run`, assembled from its own inputs (not merged from shards).
    package func beginStore(_ run: Run) -> any PendingStore { beginStore(run, merging: nil) }

    /// Stores `run`, making its test rows.
    package func store(_ run: Run, digest: RunDigest) async throws -> IngestResult {
        try await store(run, digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
    }
}
