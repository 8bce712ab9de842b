import CanopyModel
import Foundation
import GRDB
import GRDBSQLite

extension SQLiteHistoryStore {
    /// How many times a run is retried when SQLite reports the store busy past the timeout.
    static let writeAttempts = 8

    package func store(_ run: Run, digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult {
        let batch = try IngestBatch(run: run, digest: digest, testRows: testRows)
        return try await writing { db in try Self.write(batch, then: { [] }, into: db) }
    }

    /// Runs `write` on the writer connection, again after a pause while another writer holds the
    /// store past the busy timeout; starts a checkpoint after a run that left the WAL large.
    func writing<Result: Sendable>(_ write: @escaping @Sendable (Database) throws -> Result) async throws -> Result {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let result = try await pool.writeWithoutTransaction(write)
                if result as? IngestResult == .inserted, walBytes() >= checkpointThreshold { checkpoints.start(pool) }
                return result
            } catch let error as DatabaseError
                where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
            {
                if attempt >= Self.writeAttempts {
                    throw HistoryError.busy(location: location, attempts: attempt, reason: Self.reason(error))
                }
                try await Task.sleep(nanoseconds: UInt64(attempt) * 50_000_000)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                throw HistoryError.diskFull(location: location, reason: Self.reason(error))
            } catch let error as DatabaseError {
                throw HistoryError.statementFailed(
                    location: location, sql: Self.shortSQL(error.sql), reason: Self.reason(error))
            }
        }
    }

    /// The WAL size past which a stored run is followed by a checkpoint, run beside what follows
    /// the store. SQLite's own automatic checkpoint runs past 4 MB, inside the commit, where
    /// copying a large run's pages back holds the run up; at this size a checkpoint follows about
    /// every other run of 90,000 tests, or every few dozen runs of a few thousand tests.
    static let defaultCheckpointThreshold = 64 << 20

    /// The size of the store's WAL file, 0 when there is none.
    func walBytes() -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: location + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Inserts the batch in one immediate transaction, unless its key is already stored, then what
    /// `completion` adds (it may wait for the analysis; nil abandons the run and rolls back). With
    /// `legs`, the run's stored legs must be those first (`requireLegs`).
    static func write(
        _ batch: IngestBatch, merging legs: [StoredShard]? = nil, then completion: () -> [IngestBatch.Table]?,
        into db: Database
    ) throws
        -> IngestResult
    {
        var result = IngestResult.alreadyStored
        try db.inTransaction(.immediate) {
            if try Int.fetchOne(db, sql: "SELECT id FROM runs WHERE run_key = ?", arguments: [batch.key]) != nil {
                return .commit
            }
            if let legs { try requireLegs(legs, of: batch.key, in: db) }
            let placeholders = Array(repeating: "?", count: RunRecord.columns.count).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO runs (\(RunRecord.columns.joined(separator: ", "))) VALUES (\(placeholders))",
                arguments: arguments(batch.run.values))
            var ids = RowIDs(run: Int(db.lastInsertedRowID))
            // The run's test names first: on the staged path, beside the analysis.
            try resolve(batch.testNames, into: &ids, in: db)
            for table in batch.tables { try insert(table, ids: &ids, into: db) }
            guard let completion = completion() else { throw CancellationError() }
            for table in completion { try insert(table, ids: &ids, into: db) }
            result = .inserted
            return .commit
        }
        return result
    }

    /// Inserts (or upserts, `Table.upsert`) a table's rows: the names and strings they refer to
    /// first (`resolve`), then the rows (`insertRows`). Row order is kept.
    private static func insert(_ table: IngestBatch.Table, ids: inout RowIDs, into db: Database) throws {
        guard !table.isEmpty else { return }
        try resolve(table.references, into: &ids, in: db)
        let ids = ids
        try insertRows(
            count: table.count, into: table.name, columns: table.columns, suffix: table.upsert.map { " " + $0.clause },
            in: db
        ) { range, binder in table.write(range, ids: ids, to: &binder) }
    }

    /// Inserts `count` rows into `table`'s `columns`, several rows per statement (up to SQLite's
    /// 999 bound values on old versions), the rest one by one; cached statements, inside the
    /// caller's transaction. `write` writes the values of the rows in a range, in column order.
    ///
    /// Rows are bound straight through SQLite's C API: GRDB's `StatementArguments` boxes every
    /// value in an existential and the statement checks them per execution, which would be most
    /// of the cost of writing a large run. The statements are GRDB's own cached ones, inside
    /// GRDB's transaction; errors become GRDB's `DatabaseError`.
    static func insertRows(
        count: Int, into table: String, columns: [String], suffix: String? = nil, in db: Database,
        write: (Range<Int>, inout SQLiteRowBinder) -> Void
    ) throws {
        let perStatement = max(1, min(64, 999 / columns.count))
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let prefix = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        let suffix = suffix ?? ""
        let many = try db.cachedStatement(
            sql: prefix + Array(repeating: tuple, count: perStatement).joined(separator: ", ") + suffix)
        let one = try db.cachedStatement(sql: prefix + tuple + suffix)
        var start = 0
        while start < count {
            let end = start + perStatement <= count ? start + perStatement : start + 1
            let statement = end - start == perStatement ? many : one
            var binder = SQLiteRowBinder(statement.sqliteStatement)
            write(start..<end, &binder)
            guard binder.code == SQLITE_OK else { throw error(binder.code, statement: statement, in: db) }
            precondition(
                binder.count == Int(sqlite3_bind_parameter_count(binder.handle)), "every parameter of \(table) bound")
            let code = sqlite3_step(binder.handle)
            guard code == SQLITE_DONE else { throw error(code, statement: statement, in: db) }
            start = end
        }
    }

    static func error(_ code: Int32, statement: Statement, in db: Database) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code),
            message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) },
            sql: statement.sql)
    }

    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .int(let int): int
                case .double(let double): double
                case .text(let text): text
                case .blob(let bytes): Data(bytes)
                case .null: nil
                }
            })
    }

    static func shortSQL(_ sql: String?) -> String {
        guard let sql else { return HistoryError.noStatement }
        return sql.count > 400 ? String(sql.prefix(400)) + "…" : sql
    }
}
