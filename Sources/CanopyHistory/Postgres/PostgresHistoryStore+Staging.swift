import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// Copies the run's own rows (the run, its attempts, its audit issues) while the caller analyses it, in the transaction `finish`
    /// completes on the same connection. A lost connection retries the whole run on a new one.
    package func beginStore(_ run: Run, merging legs: [StoredShard]?) -> any PendingStore {
        let ingestedAt = Date()
        return StagedStore { analysis in
            let batch = try IngestBatch(run: run, ingestedAt: ingestedAt)
            return try await self.writing { connection in
                guard !analysis.isAbandoned else { throw CancellationError() }
                return try await self.write(
                    batch, merging: legs, then: { StagedStore.analysedTables(await analysis.value(), run: run) },
                    on: connection)
            }
        }
    }
}
