import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// In one transaction holding the run key's lock (`ShardQueries.lock`), which a merge's
    /// transaction holds until it commits: a leg stored while the run is being stored waits, then
    /// sees the run and is not kept.
    package func storeShard(_ shard: StoredShard) async throws -> StoredShard.StoreResult {
        try await writing("INSERT INTO shards") { connection in
            try await self.execute("BEGIN", on: connection)
            do {
                try await self.execute(ShardQueries.lock(shard.runKey), on: connection)
                var runStored = false
                try await self.forEach(ShardQueries.runExists(shard.runKey), on: connection) { _ in runStored = true }
                var existed = false
                if !runStored {
                    try await self.forEach(ShardQueries.shardExists(shard), on: connection) { _ in existed = true }
                    try await self.execute(ShardQueries.upsert(shard), on: connection)
                }
                try await self.execute("COMMIT", on: connection)
                return runStored ? .runAlreadyStored : existed ? .replaced : .stored
            } catch {
                if !Self.isConnectionLoss(error) { _ = try? await self.execute("ROLLBACK", on: connection) }
                throw error
            }
        }
    }

    /// Takes the run key's lock for the caller's transaction, then throws `ShardMergeConflict`
    /// unless the run is stored already (the caller then finds it) or its stored legs are `legs`.
    func requireLegs(_ legs: [StoredShard], of key: String, on connection: PostgresConnection) async throws {
        try await execute(ShardQueries.lock(key), on: connection)
        var runStored = false
        try await forEach(ShardQueries.runExists(key), on: connection) { _ in runStored = true }
        if runStored { return }
        var stored: [(name: String, payload: String)] = []
        try await forEach(ShardQueries.legs(key), on: connection) {
            stored.append((name: try $0.text(0) ?? "", payload: try $0.text(1) ?? ""))
        }
        let differing = ShardMergeConflict.differing(read: legs, stored: stored)
        if !differing.isEmpty { throw ShardMergeConflict(runKey: key, legs: differing) }
    }

    package func shards(runKey: String, payloads: Bool) async throws -> [StoredShard] {
        try await fetchAll(ShardQueries.list(runKey, payloads: payloads)) {
            try ShardQueries.decode($0, runKey: runKey, payloads: payloads)
        }
    }

    package func deleteShards(runKey: String) async throws {
        try refuseReadOnly("DELETE FROM shards")
        try await withConnection { connection in try await self.execute(ShardQueries.delete(runKey), on: connection) }
    }

    private func refuseReadOnly(_ sql: String) throws {
        if readOnly {
            throw HistoryError.statementFailed(location: location, sql: sql, reason: "the store was opened read-only")
        }
    }
}
