import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// How many times a run is retried after a serialization failure or deadlock.
    static let writeAttempts = 8
    /// How many times a run is written again after the connection was lost (a server restart takes
    /// seconds; the pool waits for the server to accept connections again before a retry starts).
    static let reconnectAttempts = 3
    /// How long a write waits for a lost server to accept connections again before it gives up.
    static let serverReturnWindow = 10.0

    package func store(_ run: Run, digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult {
        let batch = try IngestBatch(run: run, digest: digest, testRows: testRows)
        return try await writing { connection in try await self.write(batch, then: { [] }, on: connection) }
    }

    /// Runs `write` on a leased connection, again on a new one after the connection was lost or
    /// after a serialization conflict.
    func writing(_ write: (PostgresConnection) async throws -> IngestResult) async throws -> IngestResult {
        var attempt = 0
        var reconnects = 0
        while true {
            attempt += 1
            do {
                return try await client.withConnection { connection in try await write(connection) }
            } catch let error where Self.isConnectionLoss(error) {
                // The transaction died with the connection: nothing of it is stored, unless the COMMIT
                // got through, in which case the retry finds the run key and reports `alreadyStored`.
                reconnects += 1
                guard reconnects < Self.reconnectAttempts else {
                    if case HistoryError.connectionLost = error { throw error }
                    throw HistoryError.connectionLost(location: location, reason: Self.reason(error))
                }
                try await Task.sleep(nanoseconds: UInt64(reconnects) * 500_000_000)
                try await Self.awaitServer(address, within: Self.serverReturnWindow, logger: logger, location: location)
            } catch let error as PostgresStatementError where error.isRetryable {
                if attempt >= Self.writeAttempts {
                    throw HistoryError.busy(location: location, attempts: attempt, reason: error.sqlState)
                }
                try await Task.sleep(nanoseconds: UInt64(attempt) * 50_000_000)
            } catch let error as PostgresStatementError {
                throw error.failure
            } catch let error as HistoryError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw HistoryError.cannotOpen(location: location, reason: Self.reason(error), advice: .postgresServer)
            }
        }
    }

    /// Returns once the server at `address` accepts a connection, trying every half second for
    /// `seconds`, else throws `connectionLost`. Direct connections fail at once while the server
    /// refuses them; the pool, asked instead, keeps trying long after a restart would be over and
    /// then gives up with a circuit breaker's error, which reads as a failure to open the store.
    static func awaitServer(_ address: PostgresAddress, within seconds: Double, logger: Logger, location: String) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do {
                let connection = try await connect(address, logger: logger)
                try? await connection.close()
                return
            } catch {
                guard Date() < deadline else {
                    var why = Self.reason(error)
                    if case HistoryError.cannotOpen(_, let reason, _) = error { why = reason }
                    if why.count > 160 { why = String(why.prefix(160)) + "…" }
                    throw HistoryError.connectionLost(
                        location: location, reason: "the server did not accept connections again within \(Int(seconds)) s: \(why)")
                }
            }
            try await Task.sleep(nanoseconds: 500_000_000)
        }
    }

    /// Inserts the batch in one transaction, then what `completion` adds (it may wait for the
    /// analysis; nil abandons the run and rolls back). `ON CONFLICT DO NOTHING` on the run key
    /// makes a concurrent or repeated ingest of the same run a no-op.
    func write(
        _ batch: IngestBatch, then completion: () async -> [IngestBatch.Table]?, on connection: PostgresConnection
    ) async throws -> IngestResult {
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
            guard let completion = await completion() else { throw CancellationError() }
            for table in completion where !table.isEmpty {
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

    /// Inserts the table's rows in statements of `rowsPerInsert`, each bound as one binary array
    /// per column (`PostgresColumnArrays`): one parameter per column, where multi-row INSERTs of
    /// bound values would have the server parse and plan statements of tens of thousands of
    /// parameters.
    private func insert(_ table: IngestBatch.Table, runID: Int, on connection: PostgresConnection) async throws {
        var rows = PostgresColumnArrays(columns: table.columns.count)
        var start = 0
        while start < table.count {
            let end = min(start + Self.rowsPerInsert, table.count)
            table.write(start..<end, runID: runID, to: &rows)
            if let mismatch = rows.mismatch {
                throw HistoryError.clientFailed(location: location, sql: "INSERT INTO \(table.name)", reason: mismatch)
            }
            let statement = rows.insert(into: table.name, names: table.columns)
            try await failing(as: "INSERT INTO \(table.name) (rows \(start + 1)–\(end))") {
                for try await _ in try await startQuery(statement, on: connection) {}
            }
            rows.removeAll()
            start = end
        }
    }

    /// Rows per INSERT statement.
    static let rowsPerInsert = 8_192
}
