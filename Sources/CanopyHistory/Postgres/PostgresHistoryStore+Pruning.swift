import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    package func retentionCandidates() async throws -> [RetentionCandidate] {
        try await fetchAll(PruneQueries.candidates) { try PruneQueries.decode($0) }
    }

    /// Each batch is one DELETE (its own transaction), tried again after a serialization failure
    /// or deadlock as a run's store is; autovacuum makes the space reusable as batches go (no
    /// VACUUM FULL, which would lock the tables), so no bytes are reported returned.
    package func prune(_ plan: PrunePlan, batchSize: Int, afterBatch: @Sendable (Int) -> Void) async throws
        -> PruneResult
    {
        var result = PruneResult()
        let keys = plan.runs.map(\.key)
        var start = 0
        while start < keys.count {
            let delete = PruneQueries.deleteRunsReturning(keys[start..<min(start + max(1, batchSize), keys.count)])
            result.runsDeleted += try await deleting(returning: delete)
            start += delete.arguments.count
            afterBatch(result.runsDeleted)
        }
        let shards = PruneQueries.deleteShards(before: plan.shardsStoredBefore)
        result.shardsDeleted = try await deleting(
            returning: SQLStatement(sql: shards.sql + " RETURNING 1", arguments: shards.arguments))
        return result
    }

    /// Runs a DELETE that returns a row per row it deleted as a write (`writing`: again after an
    /// outage, where deleting twice deletes nothing more, or a retryable conflict); the rows it
    /// deleted. A run's `test_identifiers` rows go in the same statement as the run.
    private func deleting(returning: SQLStatement) async throws -> Int {
        try await writing("DELETE FROM runs") { connection in
            var rows = 0
            try await self.forEach(returning, on: connection) { _ in rows += 1 }
            return rows
        }
    }
}
