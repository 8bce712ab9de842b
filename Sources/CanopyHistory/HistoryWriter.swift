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

extension HistoryWriter {
    /// Stores `run`, making its test rows.
    package func store(_ run: Run, digest: RunDigest) async throws -> IngestResult {
        try await store(run, digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
    }
}
