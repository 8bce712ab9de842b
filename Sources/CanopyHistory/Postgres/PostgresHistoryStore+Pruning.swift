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
        if readOnly {
            throw HistoryError.statementFailed(
                location: location, sql: "DELETE FROM runs", reason: "the store was opened read-only")
        }
        var result = PruneResult()
        let keys = plan.runs.map(\.key)
        var start = 0
        while start < keys.count {
            let delete = PruneQueries.deleteRuns(keys[start..<min(start + max(1, batchSize), keys.count)])
            result.runsDeleted += try await deleting(delete)
            start += delete.arguments.count
            afterBatch(result.runsDeleted)
        }
        result.shardsDeleted = try await deleting(PruneQueries.deleteShards(before: plan.shardsStoredBefore))
        return result
    }

    /// Runs a DELETE on a leased connection, again after an outage (`retryPolicy`; deleting twice
    /// deletes nothing more) or a retryable conflict (`writeAttempts`), as `writing` does; the rows
    /// it deleted.
    private func deleting(_ statement: SQLStatement) async throws -> Int {
        let returning = SQLStatement(sql: statement.sql + " RETURNING 1", arguments: statement.arguments)
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await retrying {
                    try await client.withConnection { connection in
                        var rows = 0
                        try await self.forEach(returning, on: connection) { _ in rows += 1 }
                        return rows
                    }
                }
            } catch let error as PostgresStatementError where error.isRetryable {
                if attempt >= Self.writeAttempts {
                    throw HistoryError.busy(location: location, attempts: attempt, reason: error.sqlState)
                }
                try await Task.sleep(nanoseconds: UInt64(clamping: attempt) * 50_000_000)
            } catch let error as PostgresStatementError {
                throw error.failure
            } catch let error as HistoryError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw HistoryError.cannotOpen(location: location, reason: Self.reason(error), advice: .postgresServer)
            }
        }
    }
}
