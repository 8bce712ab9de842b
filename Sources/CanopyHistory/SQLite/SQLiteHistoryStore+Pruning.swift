import Foundation
import GRDB

extension SQLiteHistoryStore {
    /// Pages one `PRAGMA incremental_vacuum` step gives back: 8 MB of 4 KB pages, a short write.
    static let vacuumStepPages = 2_048

    package func retentionCandidates() async throws -> [RetentionCandidate] {
        try fetchAll(PruneQueries.candidates) { try PruneQueries.decode($0) }
    }

    /// Each batch is one `BEGIN IMMEDIATE` transaction through `writing` (busy waits and retries as
    /// a run's store does). With `auto_vacuum = INCREMENTAL` the freed pages are then given back in
    /// steps of `vacuumStepPages`, each its own short write, so a writer waits one step at most;
    /// with `auto_vacuum = NONE` they stay in the file, reused by later runs (`bytesReusable`).
    package func prune(_ plan: PrunePlan, batchSize: Int, afterBatch: @Sendable (Int) -> Void) async throws
        -> PruneResult
    {
        if readOnly {
            throw HistoryError.statementFailed(
                location: location, sql: "DELETE FROM runs", reason: "the store was opened read-only")
        }
        var result = PruneResult()
        let pagesBefore = try intPragma("page_count")
        let keys = plan.runs.map(\.key)
        var start = 0
        while start < keys.count {
            let batch = keys[start..<min(start + max(1, batchSize), keys.count)]
            let delete = PruneQueries.deleteRuns(batch)
            let identifiers = [
                PruneQueries.deleteTestIdentifiers(ofRuns: batch), PruneQueries.moveTestIdentifiers(ofRuns: batch),
            ]
            let deleted = try await writing { db in
                try db.inTransaction(.immediate) {
                    for statement in identifiers {
                        try db.execute(sql: statement.sql, arguments: Self.arguments(statement.arguments))
                    }
                    try db.execute(sql: delete.sql, arguments: Self.arguments(delete.arguments))
                    return .commit
                }
                return db.changesCount
            }
            result.runsDeleted += deleted
            start += delete.arguments.count
            afterBatch(result.runsDeleted)
        }
        let shards = PruneQueries.deleteShards(before: plan.shardsStoredBefore)
        result.shardsDeleted = try await writing { db in
            try db.execute(sql: shards.sql, arguments: Self.arguments(shards.arguments))
            return db.changesCount
        }
        let pageSize = try intPragma("page_size")
        if try intPragma("auto_vacuum") == 2 {
            var free = try intPragma("freelist_count")
            while free > 0 {
                try await writing { db in try db.execute(sql: "PRAGMA incremental_vacuum(\(Self.vacuumStepPages))") }
                let left = try intPragma("freelist_count")
                if left >= free { break }  // another writer is using the pages up
                free = left
            }
        }
        result.bytesReturned = max(0, pagesBefore - (try intPragma("page_count"))) * pageSize
        result.bytesReusable = try intPragma("freelist_count") * pageSize
        return result
    }

    /// An integer pragma's value, read on the writer so it sees the last write.
    private func intPragma(_ name: String) throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA \(name)") ?? 0 }
    }
}
