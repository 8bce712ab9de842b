import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// One statement each: the upsert is atomic, so concurrent legs never race on a shard.
    package func storeShard(_ shard: StoredShard) async throws -> StoredShard.StoreResult {
        try refuseReadOnly("INSERT INTO shards")
        return try await withConnection { connection in
            var runStored = false
            try await self.forEach(ShardQueries.runExists(shard.runKey), on: connection) { _ in runStored = true }
            if runStored { return .runAlreadyStored }
            var existed = false
            try await self.forEach(ShardQueries.shardExists(shard), on: connection) { _ in existed = true }
            try await self.execute(ShardQueries.upsert(shard), on: connection)
            return existed ? .replaced : .stored
        }
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
