import CanopyModel
import Foundation
import GRDB

extension SQLiteHistoryStore {
    /// Writes the run's own rows (the run, its attempts, its audit issues) while the caller
    /// analyses it, inside the transaction `finish`
    /// completes: most of the store's work for a large run, done beside the analysis instead of
    /// after it. The writer connection holds the store's write lock from the start of the
    /// analysis to the commit (other writers wait, up to the busy timeout); a crash or `cancel`
    /// leaves nothing of the run.
    package func beginStore(_ run: Run, merging legs: [StoredShard]?) -> any PendingStore {
        let ingestedAt = Date()
        return StagedStore { analysis in
            try await self.writing { db in
                guard !analysis.isAbandoned else { throw CancellationError() }
                let batch = try IngestBatch(run: run, ingestedAt: ingestedAt)
                // On GRDB's writer queue, which may wait for the analysis.
                return try Self.write(
                    batch, merging: legs, then: { StagedStore.analysedTables(analysis.wait(), run: run) }, into: db)
            }
        }
    }
}
