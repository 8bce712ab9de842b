import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// How many times a run is retried after a serialization failure or deadlock.
    static let writeAttempts = 8
    /// How many times a run is written again after the connection was lost (a server restart takes
    /// 1–3 s here; the pool waits for the server to accept connections again before a retry starts).
    static let reconnectAttempts = 3
    /// Bound parameters per multi-row INSERT (PostgreSQL allows 65,535).
    static let bindsPerStatement = 30_000

    public func store(_ run: Run, digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult {
        let batch = try IngestBatch(run: run, digest: digest, testRows: testRows)
        var attempt = 0
        var reconnects = 0
        while true {
            attempt += 1
            do {
                return try await client.withConnection { connection in try await self.write(batch, on: connection) }
            } catch let error where Self.isConnectionLoss(error) {
                // The transaction died with the connection: nothing of it is stored, unless the COMMIT
                // got through, in which case the retry finds the run key and reports `alreadyStored`.
                reconnects += 1
                guard reconnects < Self.reconnectAttempts else {
                    if case HistoryError.connectionLost = error { throw error }
                    throw HistoryError.connectionLost(location: location, reason: Self.reason(error))
                }
                try await Task.sleep(nanoseconds: UInt64(reconnects) * 500_000_000)
            } catch let error as PostgresStatementError where error.isRetryable {
                if attempt >= Self.writeAttempts {
                    throw HistoryError.busy(location: location, attempts: attempt, reason: error.sqlState)
                }
                try await Task.sleep(nanoseconds: UInt64(attempt) * 50_000_000)
            } catch let error as PostgresStatementError {
                throw error.failure
            } catch let error as HistoryError {
                throw error
            } catch {
                throw HistoryError.cannotOpen(location: location, reason: Self.reason(error))
            }
        }
    }

    /// Inserts the batch in one transaction; `ON CONFLICT DO NOTHING` on the run key makes a
    /// concurrent or repeated ingest of the same run a no-op.
    private func write(_ batch: IngestBatch, on connection: PostgresConnection) async throws -> IngestResult {
        try await execute("BEGIN", on: connection)
        do {
            let placeholders = Array(repeating: "?", count: RunRecord.columns.count).joined(separator: ", ")
            let insertRun = SQLStatement(
                sql: """
                    INSERT INTO runs (\(RunRecord.columns.joined(separator: ", "))) VALUES (\(placeholders)) \
                    ON CONFLICT (run_key) DO NOTHING RETURNING id
                    """,
                arguments: batch.run.values)
            var runID: Int?
            try await forEach(insertRun, on: connection) { runID = try $0.int(0) }
            guard let runID else {
                try await execute("ROLLBACK", on: connection)
                return .alreadyStored
            }
            for table in batch.tables where !table.isEmpty {
                try await insert(table, runID: runID, on: connection)
            }
            try await execute("COMMIT", on: connection)
            return .inserted
        } catch {
            // After a lost connection there is nothing to roll back: the server already did.
            if !Self.isConnectionLoss(error) { _ = try? await execute("ROLLBACK", on: connection) }
            throw error
        }
    }

    /// Multi-row INSERTs of up to `bindsPerStatement` values each.
    private func insert(_ table: IngestBatch.Table, runID: Int, on connection: PostgresConnection) async throws {
        let rowsPerStatement = max(1, Self.bindsPerStatement / table.columns.count)
        let tuple = "(" + Array(repeating: "?", count: table.columns.count).joined(separator: ", ") + ")"
        let prefix = "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES "
        var start = 0
        while start < table.count {
            let end = min(start + rowsPerStatement, table.count)
            let arguments = table.values(start..<end, runID: runID)
            let sql = prefix + Array(repeating: tuple, count: end - start).joined(separator: ", ")
            try await execute(SQLStatement(sql: sql, arguments: arguments), on: connection)
            start = end
        }
    }
}
