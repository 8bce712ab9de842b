import CanopyModel
import Foundation
import GRDB

extension SQLiteHistoryStore {
    /// How many times a run is retried when SQLite reports the store busy past the timeout.
    static let writeAttempts = 8

    public func store(_ run: Run, digest: RunDigest) async throws -> IngestResult {
        let batch = try IngestBatch(run: run, digest: digest)
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await pool.writeWithoutTransaction { db in try Self.write(batch, into: db) }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                if attempt >= Self.writeAttempts {
                    throw HistoryError.busy(location: location, attempts: attempt, reason: Self.reason(error))
                }
                try await Task.sleep(nanoseconds: UInt64(attempt) * 50_000_000)
            } catch let error as DatabaseError {
                throw HistoryError.statementFailed(
                    location: location, sql: Self.shortSQL(error.sql), reason: Self.reason(error))
            }
        }
    }

    /// Inserts the batch in one immediate transaction, unless its key is already stored.
    private static func write(_ batch: IngestBatch, into db: Database) throws -> IngestResult {
        var result = IngestResult.alreadyStored
        try db.inTransaction(.immediate) {
            if try Int.fetchOne(db, sql: "SELECT id FROM runs WHERE run_key = ?", arguments: [batch.key]) != nil {
                return .commit
            }
            let placeholders = Array(repeating: "?", count: RunRecord.columns.count).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO runs (\(RunRecord.columns.joined(separator: ", "))) VALUES (\(placeholders))",
                arguments: arguments(batch.run.values))
            let runID = Int(db.lastInsertedRowID)
            for table in batch.tables where !table.rows.isEmpty {
                // One cached statement per table, executed per row, inside the one transaction
                // (bench: ~90k tests + attempts in a few seconds; see StoreBench).
                let values = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
                let statement = try db.cachedStatement(
                    sql: "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(values))")
                for row in table.rows {
                    try statement.execute(arguments: arguments(row.values(runID: runID)))
                }
            }
            result = .inserted
            return .commit
        }
        return result
    }

    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .int(let int): int
            case .double(let double): double
            case .text(let text): text
            case .null: nil
            }
        })
    }

    static func shortSQL(_ sql: String?) -> String {
        guard let sql else { return "(no statement)" }
        return sql.count > 400 ? String(sql.prefix(400)) + "…" : sql
    }
}
