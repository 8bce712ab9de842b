import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// Copies the run's own rows (the run, its tests with no infrastructure attempt counted, their
    /// attempts, its audit issues) while the caller analyses it, in the transaction `finish`
    /// completes on the same connection. A lost connection retries the whole run on a new one.
    public func beginStore(_ run: Run, testRows: @escaping @Sendable () -> [TestRunRow]) -> any PendingStore {
        StagedStore { analysis in
            // The rows may still be in the making: waited for off the task pool.
            let written = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: testRows()) }
            }
            let batch = try IngestBatch(run: run, testRows: written)
            return try await self.writing { connection in
                try await self.write(batch, then: {
                    await analysis.value().map { IngestCompletion(digest: $0.digest, written: written, final: $0.rows) }
                }, on: connection)
            }
        }
    }
}
