import Foundation
import GRDB

extension SQLiteHistoryStore {
    package func storeShard(_ shard: StoredShard) async throws -> StoredShard.StoreResult {
        try await writing { db in
            var result = StoredShard.StoreResult.stored
            try db.inTransaction(.immediate) {
                let run = ShardQueries.runExists(shard.runKey)
                if try Row.fetchOne(db, sql: run.sql, arguments: Self.arguments(run.arguments)) != nil {
                    result = .runAlreadyStored
                    return .commit
                }
                let existing = ShardQueries.shardExists(shard)
                if try Row.fetchOne(db, sql: existing.sql, arguments: Self.arguments(existing.arguments)) != nil {
                    result = .replaced
                }
                let upsert = ShardQueries.upsert(shard)
                try db.execute(sql: upsert.sql, arguments: Self.arguments(upsert.arguments))
                return .commit
            }
            return result
        }
    }

    package func shards(runKey: String, payloads: Bool) async throws -> [StoredShard] {
        try fetchAll(ShardQueries.list(runKey, payloads: payloads)) {
            try ShardQueries.decode($0, runKey: runKey, payloads: payloads)
        }
    }

    /// Throws `ShardMergeConflict` unless the run's stored legs are `legs`; inside the caller's
    /// immediate transaction, whose write lock keeps legs from being stored meanwhile.
    static func requireLegs(_ legs: [StoredShard], of key: String, in db: Database) throws {
        let query = ShardQueries.legs(key)
        let stored = try Row.fetchAll(db, sql: query.sql, arguments: arguments(query.arguments)).map {
            (name: $0[0] as String? ?? "", payload: $0[1] as String? ?? "")
        }
        let differing = ShardMergeConflict.differing(read: legs, stored: stored)
        if !differing.isEmpty { throw ShardMergeConflict(runKey: key, legs: differing) }
    }

    package func deleteShards(runKey: String) async throws {
        let delete = ShardQueries.delete(runKey)
        try await writing { db in try db.execute(sql: delete.sql, arguments: Self.arguments(delete.arguments)) }
    }
}
