import Foundation

/// Why history could not be opened, read or written. Every message names the store (password
/// redacted), carries the SQL when a statement failed, and says what to do next.
package enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The location is neither a file path nor a `postgres://` URL Canopy understands.
    case invalidLocation(String, reason: String)
    /// The store could not be opened or connected to; `advice` says what to check.
    case cannotOpen(location: String, reason: String, advice: OpenAdvice = .sqliteFile)
    /// The run has no key, so storing it twice could not be detected.
    case missingRunKey
    /// A statement failed.
    case statementFailed(location: String, sql: String, reason: String)
    /// The database client library refused a statement or could not read its reply.
    case clientFailed(location: String, sql: String, reason: String)
    /// A migration failed; the store is left at the previous version.
    case migrationFailed(location: String, version: Int, name: String, sql: String, reason: String)
    /// The store was migrated by a newer Canopy that knows more migrations than this one.
    case schemaTooNew(location: String, found: Int, known: Int)
    /// A command that only reads history met a store at an older schema than this build's (or
    /// none at all, `found` 0): readers never migrate, writers (`ingest`, `run`) do.
    case schemaTooOld(location: String, found: Int, known: Int)
    /// Writers kept colliding and the run could not be stored within the retry budget.
    case busy(location: String, attempts: Int, reason: String)
    /// The connection to the server went away mid-way (server restarted, backend terminated, network);
    /// a run being written is stored whole or not at all, so the command can simply be run again.
    case connectionLost(location: String, reason: String)
    /// A stored value could not be read back.
    case corruptValue(location: String, column: String, value: String)
    /// The database holds another application's tables, not a Canopy history.
    case notAStore(location: String, tables: [String])
    /// `--store` names a directory where a SQLite file was expected.
    case isADirectory(location: String)
    /// The disk holding the SQLite store ran out of space; the run's transaction was rolled back.
    case diskFull(location: String, reason: String)

    /// What to do about a store that cannot be opened, decided where the failure is known.
    package enum OpenAdvice: Sendable, Equatable {
        case sqliteFile, notADatabase, damaged, postgresServer
        /// The server answered that it is starting up (SQLSTATE 57P03) past the wait for it.
        case postgresStarting
        /// The server refused or dropped the connection (not running, restarting, wrong host or
        /// port) past the wait for it.
        case postgresUnreachable
        /// A reader cannot read the runs a SQLite store's `-wal` holds where it is.
        case walUnreadable

        var text: String {
            switch self {
            case .sqliteFile: "Check that the directory exists and is writable, then retry."
            case .notADatabase:
                "The file is not a SQLite database: point --store at a new file, or delete this one to start a new history."
            case .damaged:
                "The store is damaged: restore it from its cache or backup, or delete it to start a new history."
            case .postgresServer:
                "Check that the PostgreSQL server is running and the URL (--store or CANOPY_STORE) is right, then retry."
            case .postgresStarting: "The PostgreSQL server is still starting up: retry once it accepts connections."
            case .postgresUnreachable:
                "Canopy waited for the server as for a restart. Check that the PostgreSQL server is running and the URL (--store or CANOPY_STORE) is right, then retry."
            case .walUnreadable:
                "Copy the store with its -wal file to a writable directory and read it there, or open it once with write access (canopy ingest or canopy run) to checkpoint it."
            }
        }
    }

    package var description: String {
        switch self {
        case .invalidLocation(let location, let reason):
            return
                "history store '\(StoreLocation.redact(location))': \(reason). Use a file path (Reports/history.sqlite) or postgres://user@host:port/database."
        case .cannotOpen(let location, let reason, let advice):
            return "\(location): cannot open the history store: \(reason). \(advice.text)"
        case .missingRunKey:
            return
                "the run has no run key, so Canopy cannot tell whether it is already stored. Set the CI build metadata or let the pipeline derive a content hash of the inputs."
        case .statementFailed(let location, let sql, let reason):
            return
                "\(location): a history statement failed: \(reason)\n  SQL: \(sql)\nIf the store was edited by hand, restore it from a backup or delete it to start a new history."
        case .clientFailed(let location, let sql, let reason):
            return
                "\(location): the database client could not run a history statement: \(reason)\n  SQL: \(sql)\nThe statement's transaction was rolled back, so history holds no part of it. Retry once; if it fails again, report it as a Canopy bug with this message."
        case .migrationFailed(let location, let version, let name, let sql, let reason):
            return
                "\(location): migration \(version) (\(name)) failed: \(reason)\n  SQL: \(sql)\nThe store is unchanged at the previous version; check that the database user may create tables and indexes."
        case .schemaTooNew(let location, let found, let known):
            return
                "\(location): the history store is at schema version \(found) but this Canopy knows only up to \(known). Upgrade Canopy, or point --store at another store."
        case .schemaTooOld(let location, let found, let known):
            let state =
                found == 0 ? "holds no history yet" : "is at schema version \(found), older than this Canopy's \(known)"
            return
                "\(location): the history store \(state). Commands that only read history never change the store: run `canopy ingest` or `canopy run` on it first (they create or migrate it), then retry."
        case .busy(let location, let attempts, let reason):
            return
                "\(location): could not store the run after \(attempts) attempts because other writers held the store (\(reason)). Retry the ingest; it is idempotent."
        case .connectionLost(let location, let reason):
            return
                "\(location): the connection to the history store was lost (\(reason)). Nothing was half-written: a run is stored whole or not at all. Retry the command once the server is back; ingesting is idempotent."
        case .notAStore(let location, let tables):
            let names = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            return
                "\(location): not a Canopy history store: the database holds other tables (\(names)) and none of Canopy's, and was left unchanged. Point --store at a new file."
        case .isADirectory(let location):
            let file = location.hasSuffix("/") ? location + "history.sqlite" : location + "/history.sqlite"
            return
                "\(location): --store names a directory, not a history file. Pass the path of a file, e.g. --store \(file) (created when missing)."
        case .diskFull(let location, let reason):
            let directory = URL(fileURLWithPath: location).deletingLastPathComponent().path
            return
                "\(location): the disk is full (\(reason)): there is no space left in \(directory) for the history store. Nothing of this run was stored and earlier runs are intact; free space there or point --store at another disk, then retry (the next run that has room also empties \(URL(fileURLWithPath: location).lastPathComponent)-wal, which may hold this run's discarded pages)."
        case .corruptValue(let location, let column, let value):
            return
                "\(location): unexpected value '\(value)' in column \(column). The store was written by an incompatible tool; start a new history file."
        }
    }
}
