import CanopyModel
import Foundation
import GRDB

/// History in an embedded SQLite file (the default, `Reports/history.sqlite`), through GRDB.
///
/// WAL journal so readers never block the writer, a busy timeout so concurrent writers (other
/// CI processes on the same file) wait instead of failing, one `BEGIN IMMEDIATE` transaction per
/// run, so a crash mid-ingest leaves no partial run.
package final class SQLiteHistoryStore: HistoryStore {
    let pool: DatabasePool
    package let location: String
    /// The checkpoint `store` started, awaited by `close`.
    let checkpoints = CheckpointTasks()
    /// The WAL size past which `store` starts a checkpoint (`defaultCheckpointThreshold`).
    let checkpointThreshold: Int
    /// A reader's store (`init(readingAt:)`): opened read-only, never migrated nor checkpointed.
    package let readOnly: Bool
    /// The copy a reader reads instead of the store (`SQLiteReadingCopy`), removed by `close`.
    let readingCopy: SQLiteReadingCopy?

    /// How long a writer waits for another writer's lock before the statement fails.
    package static let busyTimeout: TimeInterval = 30

    /// Opens the file at `path`, creating it and its directory when missing, and migrates it.
    package convenience init(path: String) throws {
        try self.init(path: path, checkpointThreshold: Self.defaultCheckpointThreshold)
    }

    init(path: String, checkpointThreshold: Int) throws {
        location = path
        self.checkpointThreshold = checkpointThreshold
        readOnly = false
        readingCopy = nil
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // WAL + NORMAL: a committed run survives a crash of the process; only power loss may undo the last one.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // No checkpoint inside a commit: once the WAL passes `checkpointThreshold`, `store`
            // starts one beside what follows it (reading history, rendering), and `close` waits
            // for it, so copying a large run's pages back never holds up its commit.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            // The writer keeps statement journals in memory. Each multi-row INSERT inside the run's
            // transaction has one (the statement may abort on a constraint), holding the original
            // of every page it changes; on disk these journals would be a temp file written page
            // by page. Readers keep the default, so a large sort may still spill to a file.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA temp_store = MEMORY") }
            // A new file is created in incremental auto-vacuum mode, so pages `canopy prune`
            // frees can be returned to the file system; the mode must be set before the file's
            // first page is written (the switch to WAL writes it). An existing file keeps its mode
            // (migration 9 rewrites an older one: `compactAfterMigration`).
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL") }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw HistoryError.isADirectory(location: path)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            pool = try Self.retryingWhileBusy {
                // Another application's database, a newer or damaged store: refused before the
                // open below writes anything (`-wal`, `-shm`, the switch to WAL).
                try Self.checkedWhileQuiet(path) { try Self.preflight(path, refusingOlder: false) }
                // Opening may write (GRDB makes sure the WAL is not empty), so it may wait for writers.
                return try DatabasePool(path: path, configuration: configuration)
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.cannotOpen(path, error)
        }
        try migrate()
    }

    /// Opens the existing store at `path` for a command that only reads history: read-only, never
    /// created, migrated or checkpointed. The file is checked first without writing anything (no
    /// `-wal` or `-shm` is created): another application's database, a damaged store, one at a
    /// newer schema (`schemaTooNew`) or an older one (`schemaTooOld`, which says to migrate it with
    /// `canopy ingest` or `canopy run`) is refused with its bytes unchanged. A readable store then
    /// opens read-only, which leaves the file's bytes as they were. Where its directory is not
    /// writable, SQLite cannot make the `-shm` file it reads a `-wal` through: a store with no
    /// `-wal` content is then read as immutable; one whose `-wal` holds commits is read in place
    /// when a `-shm` is there, else from a private copy of the store and its `-wal`
    /// (`SQLiteReadingCopy`); when neither can be read it is refused (`cannotOpen`, advice
    /// `.walUnreadable`), never read without its last runs.
    package convenience init(readingAt path: String) throws {
        try self.init(
            readingAt: path, directoryWritable: FileManager.default.isWritableFile(atPath: Self.directory(of: path)))
    }

    /// `init(readingAt:)`, told whether the store's directory is writable (tests: root writes everywhere).
    init(readingAt path: String, directoryWritable: Bool) throws {
        location = path
        checkpointThreshold = .max
        readOnly = true
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HistoryError.cannotOpen(location: path, reason: "there is no file there", advice: .sqliteFile)
        }
        if isDirectory.boolValue { throw HistoryError.isADirectory(location: path) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.foreignKeysEnabled = true
        do {
            // A store with a `-wal` holding runs (a writer at work, or one killed before it
            // checkpointed) is checked once open instead.
            try Self.checkedWhileQuiet(path) { try Self.preflight(path, refusingOlder: true) }
            let opened = try Self.openReading(path, configuration: configuration, directoryWritable: directoryWritable)
            pool = opened.pool
            readingCopy = opened.copy
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.cannotOpen(path, error)
        }
    }

    /// The read-only pool of `init(readingAt:)`, its schema checked with what a `-wal` holds, and
    /// the copy it reads when it reads one.
    private static func openReading(_ path: String, configuration: Configuration, directoryWritable: Bool) throws
        -> (pool: DatabasePool, copy: SQLiteReadingCopy?)
    {
        do {
            guard directoryWritable else { throw DatabaseError(resultCode: .SQLITE_CANTOPEN) }
            return (try openChecked(path, configuration: configuration), nil)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            // Nothing past the file: it is the whole store.
            if isQuiet(path) {
                guard let uri = SQLiteFileURI.immutable(path) else { throw error }
                return (try DatabasePool(path: uri, configuration: configuration), nil)
            }
            // A `-shm` left beside the `-wal` lets SQLite read the WAL without writing.
            if FileManager.default.fileExists(atPath: path + "-shm"),
                let pool = try? openChecked(path, configuration: configuration)
            {
                return (pool, nil)
            }
            let copy: SQLiteReadingCopy
            do {
                copy = try SQLiteReadingCopy(of: path)
            } catch {
                throw HistoryError.cannotOpen(
                    location: path,
                    reason:
                        "its -wal file holds runs not yet in the store file, which SQLite cannot read in a directory it cannot write (no -shm file), and copying them to \(NSTemporaryDirectory()) failed (\(error.localizedDescription))",
                    advice: .walUnreadable)
            }
            do {
                return (try openChecked(copy.path, configuration: configuration, location: path), copy)
            } catch {
                copy.remove()
                throw error
            }
        }
    }

    /// A read-only pool on `path` once its schema (with what its `-wal` holds) is checked;
    /// `location` names the store in errors.
    private static func openChecked(_ path: String, configuration: Configuration, location: String? = nil) throws
        -> DatabasePool
    {
        let pool = try DatabasePool(path: path, configuration: configuration)
        _ = try pool.read { try checkedSchema(appliedIdentifiers($0), location: location ?? path, refusingOlder: true) }
        return pool
    }

    /// A reader's copy goes with the store, closed or not.
    deinit { readingCopy?.remove() }

    static func directory(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    func schemaVersionNow() throws -> Int {
        try pool.read { try Self.schemaVersion(of: Self.appliedIdentifiers($0)) }
    }

    package func schemaVersion() async throws -> Int {
        do { return try schemaVersionNow() } catch { throw Self.cannotOpen(location, error) }
    }

    /// Waits for the checkpoint `store` started, copies what is left in the WAL into the file and
    /// empties the WAL (a TRUNCATE checkpoint), and closes, so `history.sqlite` alone holds every
    /// stored run (for a CI cache or upload). Without a checkpoint the runs of a small ingest
    /// would stay in `history.sqlite-wal` after the process ends (GRDB's read-only reader
    /// connections may close last, and a read-only connection does not checkpoint). A passive
    /// checkpoint would leave the WAL as large as it had grown for the next process to append to,
    /// so it would grow with every run and every read would pay for it. Truncating waits for
    /// other processes' readers a quarter of a second at most; a checkpoint that cannot finish
    /// then leaves the WAL to the next one.
    package func close() async {
        await checkpoints.finish()
        if !readOnly && walBytes() > 0 {
            _ = try? await pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA busy_timeout = 250")
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                try db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.busyTimeout * 1000))")
            }
        }
        try? pool.close()
        readingCopy?.remove()
    }

    /// `cannotOpen`, with the advice SQLite's result code calls for.
    static func cannotOpen(_ location: String, _ error: any Error) -> HistoryError {
        var advice = HistoryError.OpenAdvice.sqliteFile
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return .diskFull(location: location, reason: reason(error))
            case .SQLITE_NOTADB: advice = .notADatabase
            case .SQLITE_CORRUPT: advice = .damaged
            default: break
            }
        }
        return .cannotOpen(location: location, reason: reason(error), advice: advice)
    }

    /// A short reason for an error: SQLite's message without the SQL (which errors carry separately).
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "\(error.resultCode): \(error.message ?? HistoryError.noMessage)"
        }
        return String(describing: error)
    }
}

/// Checkpoints started after writes, so that closing the store waits for them. A checkpoint that
/// cannot finish (another process reading) leaves the WAL for the next one, as SQLite's own
/// automatic checkpoint would.
final class CheckpointTasks: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []
    /// How many checkpoints were started (for tests).
    var started: Int { lock.withLock { startedCount } }
    private var startedCount = 0

    func start(_ pool: DatabasePool) {
        let task = Task.detached { _ = try? await pool.writeWithoutTransaction { try $0.checkpoint(.passive) } }
        lock.withLock {
            tasks.append(task)
            startedCount += 1
        }
    }

    func finish() async {
        let running = lock.withLock { () -> [Task<Void, Never>] in
            defer { tasks = [] }
            return tasks
        }
        for task in running { await task.value }
    }
}
