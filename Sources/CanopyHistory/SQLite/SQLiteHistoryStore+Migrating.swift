import CanopyModel
import Foundation
import GRDB

/// Opening a SQLite store safely while other processes open the same file, which may not exist yet.
///
/// Many CI jobs may end with `canopy ingest` on one store at the same moment. A store is created
/// and migrated in one `BEGIN IMMEDIATE` transaction: the foreign-database check, the table of
/// applied migrations (`grdb_migrations`, GRDB's bookkeeping, kept so existing stores open), and
/// every missing migration. Another process therefore sees either no tables or the whole schema,
/// never a store half-way through creation, and the second of two first writers finds every
/// migration applied once it gets the lock (busy timeout `busyTimeout`).
extension SQLiteHistoryStore {
    static func identifier(_ migration: HistoryMigration) -> String { "\(migration.version)-\(migration.name)" }

    /// Brings the store to the latest schema. Returns at once, without taking the write lock, when
    /// every migration is already applied.
    func migrate() throws {
        let location = location
        do {
            try Self.retryingWhileBusy { try migrateOnce(location: location) }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.cannotOpen(location, error)
        }
    }

    /// Runs `work` again after a pause while SQLite reports the store busy past the busy timeout
    /// (writers of whole runs hold the lock in turn: sixteen of them may keep an opener waiting
    /// longer than one timeout), at most `writeAttempts` times, as `writing` does for a run.
    static func retryingWhileBusy<T>(_ work: () throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try work()
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
                && attempt < writeAttempts
            {
                Thread.sleep(forTimeInterval: Double(attempt) * 0.05)
            }
        }
    }

    private func migrateOnce(location: String) throws {
        let applied = try pool.read { try Self.appliedIdentifiers($0) }
        if try Self.pending(applied, location: location).isEmpty { return }
        let compacting = try pool.writeWithoutTransaction { db in
            let isNew = try !db.tableExists("runs")
            var compacting = false
            try db.inTransaction(.immediate) {
                if let tables = try Self.foreignTables(db) {
                    throw HistoryError.notAStore(location: location, tables: tables)
                }
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                for migration in try Self.pending(Self.appliedIdentifiers(db), location: location) {
                    try Self.apply(migration, to: db, location: location)
                    compacting =
                        compacting || (!isNew && migration.version == HistoryMigration.v9CompactResults.version)
                }
                return .commit
            }
            return compacting
        }
        if compacting { compactAfterMigration() }
    }

    /// After migration 9 moved an existing store's rows into their compact layout: rewrites the
    /// file without the pages the old rows held, in incremental auto-vacuum mode (what a new store
    /// has), so pages `canopy prune` frees can be returned to the file system. Tried once without
    /// waiting: while another connection holds the store the rewrite is skipped, and the store
    /// reuses freed pages instead of returning them.
    private func compactAfterMigration() {
        try? pool.writeWithoutTransaction { db in
            guard try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 0 else { return }
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.busyTimeout * 1000))") }
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "VACUUM")
        }
    }

    /// The migrations `applied` lacks, in order; throws `schemaTooNew` when `applied` holds one this
    /// build does not know.
    static func pending(_ applied: [String], location: String) throws -> [HistoryMigration] {
        let known = Set(HistoryMigration.all.map(identifier))
        if applied.contains(where: { !known.contains($0) }) {
            throw HistoryError.schemaTooNew(
                location: location, found: schemaVersion(of: applied), known: HistoryMigration.latestVersion)
        }
        let done = Set(applied)
        return HistoryMigration.all.filter { !done.contains(identifier($0)) }
    }

    /// Runs one migration's statements with foreign keys on (immediate checks) inside the caller's
    /// transaction, and records it.
    private static func apply(_ migration: HistoryMigration, to db: Database, location: String) throws {
        for sql in migration.sql(for: .sqlite) {
            do {
                try db.execute(sql: sql)
            } catch {
                throw HistoryError.migrationFailed(
                    location: location, version: migration.version, name: migration.name, sql: sql,
                    reason: reason(error))
            }
        }
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier(migration)])
    }

    /// The identifiers of the applied migrations; none when the table does not exist yet.
    static func appliedIdentifiers(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// The highest version among applied migration identifiers (`"3-baseBranchTree"` is 3).
    static func schemaVersion(of applied: [String]) -> Int {
        applied.compactMap { Int($0.prefix(while: \.isNumber)) }.max() ?? 0
    }

    /// Checks an existing store file before anything opens it for writing, on an immutable
    /// connection that writes nothing (no `-wal`, `-shm` or journal, no switch to WAL) and reads
    /// the file alone: it is a SQLite database (`notADatabase`), not another application's
    /// (`notAStore`: it has tables but no migration of Canopy's applied, none at all or another
    /// GRDB application's; migrating it would add Canopy's tables among them), its schema and runs
    /// can be read (`damaged`), and its schema is not newer than this build's (`schemaTooNew`), nor
    /// older with `refusingOlder` (`schemaTooOld`). Returns the applied migrations; nil for a
    /// missing or empty file. A store being created by another process is never seen half-way: its
    /// schema appears in one transaction.
    @discardableResult
    static func preflight(_ path: String, refusingOlder: Bool) throws -> [String]? {
        guard let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 else {
            if refusingOlder {
                throw HistoryError.schemaTooOld(location: path, found: 0, known: HistoryMigration.latestVersion)
            }
            return nil
        }
        guard let uri = SQLiteFileURI.immutable(path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: uri, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                if let tables = try foreignTables(db) { throw HistoryError.notAStore(location: path, tables: tables) }
                let applied = try appliedIdentifiers(db)
                try checkedSchema(applied, location: path, refusingOlder: refusingOlder)
                // Every run row (one per run, so cheap): damage there or in the schema is found here.
                if try db.tableExists("runs") { _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM runs") }
                return applied
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw cannotOpen(path, error)
        }
    }

    /// Whether the file alone holds the store: no `-wal` with content and no rollback journal. Only
    /// then does `preflight` (which reads the file alone, without locks) see what the store holds,
    /// and no other process is writing into the file meanwhile.
    static func isQuiet(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        return size == 0 && !FileManager.default.fileExists(atPath: path + "-journal")
    }

    /// Throws `schemaTooNew` when `applied` holds a migration this build does not know, and with
    /// `refusingOlder` `schemaTooOld` when it lacks one; returns `applied`.
    @discardableResult
    static func checkedSchema(_ applied: [String], location: String, refusingOlder: Bool) throws -> [String] {
        let missing = try pending(applied, location: location)
        if refusingOlder && !missing.isEmpty {
            throw HistoryError.schemaTooOld(
                location: location, found: schemaVersion(of: applied), known: HistoryMigration.latestVersion)
        }
        return applied
    }

    /// The tables of a database that is not a Canopy store (`preflight`); nil for a store or an
    /// empty database.
    static func foreignTables(_ db: Database) throws -> [String]? {
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        guard !tables.isEmpty else { return nil }
        if tables.contains("grdb_migrations"),
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = ?)",
                arguments: [identifier(HistoryMigration.all[0])]) == true
        {
            return nil
        }
        return tables
    }
}
