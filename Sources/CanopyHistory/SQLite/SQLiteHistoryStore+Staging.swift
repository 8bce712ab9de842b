import CanopyModel
import Foundation
import GRDB

extension SQLiteHistoryStore {
    /// Writes the run's own rows (the run, its tests with no infrastructure attempt counted, their
    /// attempts, its audit issues) while the caller analyses it, inside the transaction `finish`
    /// completes: most of the store's work for a large run, done beside the analysis instead of
    /// after it. The writer connection holds the store's write lock from the start of the
    /// analysis to the commit (other writers wait, up to the busy timeout); a crash or `cancel`
    /// leaves nothing of the run.
    package func beginStore(_ run: Run, testRows: @escaping @Sendable () -> [TestRunRow]) -> any PendingStore {
        let ingestedAt = Date()
        return StagedStore { analysis in
            try await self.writing { db in
                guard !analysis.isAbandoned else { throw CancellationError() }
                // On GRDB's writer queue, which may wait: for the rows, then for the analysis.
                let written = testRows()
                let batch = try IngestBatch(run: run, testRows: written, ingestedAt: ingestedAt)
                return try Self.write(batch, then: { StagedStore.completion(analysis.wait(), written: written) }, into: db)
            }
        }
    }
}
