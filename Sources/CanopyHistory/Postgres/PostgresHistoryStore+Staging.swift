import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// Copies the run's own rows (the run, its tests with no infrastructure attempt counted, their
    /// attempts, its audit issues) while the caller analyses it, in the transaction `finish`
    /// completes on the same connection. A lost connection retries the whole run on a new one.
    package func beginStore(_ run: Run, testRows: @escaping @Sendable () -> [TestRunRow]) -> any PendingStore {
        let ingestedAt = Date()
        return StagedStore { analysis in
            // The rows may still be in the making: waited for off the task pool.
            let written = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: testRows()) }
            }
            let batch = try IngestBatch(run: run, testRows: written, ingestedAt: ingestedAt)
            return try await self.writing { connection in
                guard !analysis.isAbandoned else { throw CancellationError() }
                return try await self.write(batch, then: { StagedStore.completion(await analysis.value(), written: written) }, on: connection)
            }
        }
    }
}
