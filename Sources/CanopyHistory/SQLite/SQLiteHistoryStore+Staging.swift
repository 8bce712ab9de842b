import CanopyModel
import Foundation
import GRDB

extension SQLiteHistoryStore {
    /// Writes the run's own rows (the run, its tests with no infrastructure attempt counted, their
    /// attempts, its audit issues) while the caller analyses it, inside the transaction `finish`
    /// completes. For the 100 MB bench run that is ~85% of the store's work, done beside the
    /// analysis instead of after it. The writer connection waits in the open transaction for the
    /// analysis (other writers wait as they would for the whole store); a crash or `cancel`
    /// leaves nothing of the run.
    public func beginStore(_ run: Run, testRows: @escaping @Sendable () -> [TestRunRow]) -> any PendingStore {
        StagedStore { analysis in
            try await self.writing { db in
                // On GRDB's writer queue, which may wait: for the rows, then for the analysis.
                let written = testRows()
                let batch = try IngestBatch(run: run, testRows: written)
                return try Self.write(batch, then: {
                    analysis.wait().map { IngestCompletion(digest: $0.digest, written: written, final: $0.rows) }
                }, into: db)
            }
        }
    }
}
