import Foundation

/// One CI leg's part of a run, stored until the run is merged (`canopy ingest --shard`).
package struct StoredShard: Sendable, Equatable {
    /// The key of the run the shard belongs to (`--run-key`, the same in every leg).
    package var runKey: String
    /// The shard's name (`--shard`), unique within its run.
    package var name: String
    package var tests: Int
    package var storedAt: Date
    /// The leg's assembled run as the pipeline encodes it; nil when only the list was read.
    package var payload: String?

    package init(runKey: String, name: String, tests: Int, storedAt: Date, payload: String? = nil) {
        self.runKey = runKey
        self.name = name
        self.tests = tests
        self.storedAt = storedAt
        self.payload = payload
    }

    /// What storing a shard did.
    package enum StoreResult: Sendable, Equatable {
        case stored
        /// A shard of that name was stored before: this one took its place.
        case replaced
        /// The run is already stored (merged): the shard was not kept and is not part of it.
        case runAlreadyStored
    }
}

/// The shards side of history: legs store their parts; a final step reads them all, assembles
/// the run and stores it with `HistoryWriter.beginStore(_:merging:)`, whose transaction first
/// checks that the legs are still the ones it read. Legs and that transaction are serialised per
/// run key (SQLite's write lock, a PostgreSQL advisory lock on the key), so a leg is either read
/// by the merge that stores the run or sees the stored run and is refused. The merged legs stay
/// until the merge has written its files (`deleteShards`), so a merge retried after its commit
/// assembles the same run again.
package protocol HistoryShards: Sendable {
    /// Stores `shard`, replacing one of the same run and name; keeps nothing when the run itself
    /// is already stored. While a merge of the run is storing it, waits for that merge's
    /// transaction to end.
    func storeShard(_ shard: StoredShard) async throws -> StoredShard.StoreResult
    /// The run's shards in name order; with their payloads when `payloads`.
    func shards(runKey: String, payloads: Bool) async throws -> [StoredShard]
    /// Deletes the run's shards.
    func deleteShards(runKey: String) async throws
}

/// Thrown by a merge's store (`HistoryWriter.beginStore(_:merging:)`) when the run's legs are not
/// the ones the merge read: a leg was sent again (or sent late, or deleted) between the merge's
/// read and its transaction. Nothing of the run is stored; the merge reads the legs again.
package struct ShardMergeConflict: Error, Sendable, Equatable {
    package var runKey: String
    /// The legs that differ from those read, in name order: changed, added or gone.
    package var legs: [String]

    /// The legs whose stored payload differs from `read`'s (or that only one side has).
    static func differing(read: [StoredShard], stored: [(name: String, payload: String)]) -> [String] {
        let before = Dictionary(read.map { ($0.name, $0.payload ?? "") }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(stored.map { ($0.name, $0.payload) }, uniquingKeysWith: { first, _ in first })
        return Set(before.keys).union(now.keys).filter { before[$0] != now[$0] }.sorted()
    }
}

/// The statements of `HistoryShards`, the same on both stores.
enum ShardQueries {
    /// PostgreSQL: the transaction's lock on the run key, taken by a leg's store and a merge's
    /// transaction alike (the class seed keeps it apart from the migration lock's number).
    static func lock(_ key: String) -> SQLStatement {
        SQLStatement(sql: "SELECT pg_advisory_xact_lock(hashtextextended(?, 1128353363))", arguments: [.text(key)])
    }

    /// The run's legs with their payloads, as a merge's transaction checks them.
    static func legs(_ key: String) -> SQLStatement {
        SQLStatement(sql: "SELECT shard, payload FROM shards WHERE run_key = ?", arguments: [.text(key)])
    }

    static func runExists(_ key: String) -> SQLStatement {
        SQLStatement(sql: "SELECT 1 FROM runs WHERE run_key = ?", arguments: [.text(key)])
    }

    static func shardExists(_ shard: StoredShard) -> SQLStatement {
        SQLStatement(
            sql: "SELECT 1 FROM shards WHERE run_key = ? AND shard = ?",
            arguments: [.text(shard.runKey), .text(shard.name)])
    }

    static func upsert(_ shard: StoredShard) -> SQLStatement {
        SQLStatement(
            sql: """
                INSERT INTO shards (run_key, shard, tests, stored_at, payload) VALUES (?, ?, ?, ?, ?) \
                ON CONFLICT (run_key, shard) DO UPDATE SET tests = excluded.tests, stored_at = excluded.stored_at, \
                payload = excluded.payload
                """,
            arguments: [
                .text(shard.runKey), .text(shard.name), .int(shard.tests),
                .double(shard.storedAt.timeIntervalSince1970), .text(shard.payload ?? ""),
            ])
    }

    static func list(_ runKey: String, payloads: Bool) -> SQLStatement {
        SQLStatement(
            sql:
                "SELECT shard, tests, stored_at\(payloads ? ", payload" : "") FROM shards WHERE run_key = ? ORDER BY shard",
            arguments: [.text(runKey)])
    }

    static func delete(_ runKey: String) -> SQLStatement {
        SQLStatement(sql: "DELETE FROM shards WHERE run_key = ?", arguments: [.text(runKey)])
    }

    static func decode(_ row: some SQLRowReader, runKey: String, payloads: Bool) throws -> StoredShard {
        StoredShard(
            runKey: runKey, name: try row.text(0) ?? "", tests: try row.int(1) ?? 0,
            storedAt: Date(timeIntervalSince1970: try row.double(2) ?? 0), payload: payloads ? try row.text(3) : nil)
    }
}
