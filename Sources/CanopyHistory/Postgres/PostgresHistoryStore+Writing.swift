import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// How many times a run is retried after a serialization failure or deadlock.
    static let writeAttempts = 8

    package func store(_ run: Run, digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult {
        let batch = try IngestBatch(run: run, digest: digest, testRows: testRows)
        return try await writing { connection in try await self.write(batch, then: { [] }, on: connection) }
    }

    /// Runs `write` on a leased connection, again on a new one after an outage (`retryPolicy`) or
    /// after a serialization conflict (`writeAttempts`). A store opened read-only refuses, naming
    /// `statement`.
    func writing<Result>(
        _ statement: String = "INSERT INTO runs", _ write: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        if readOnly {
            throw HistoryError.statementFailed(
                location: location, sql: statement, reason: "the store was opened read-only")
        }
        var attempt = 0
        while true {
            attempt += 1
            do {
                // After an outage the transaction died with the connection, unless its COMMIT got
                // through: the retry then finds the run stored by this very write (`write`).
                return try await retrying {
                    try await client.withConnection { connection in try await write(connection) }
                }
            } catch let error where Self.isOutage(error) {
                if case HistoryError.connectionLost = error { throw error }
                if case HistoryError.cannotOpen = error { throw error }
                throw HistoryError.connectionLost(location: location, reason: Self.reason(error))
            } catch let error as PostgresStatementError where error.isRetryable {
                if attempt >= Self.writeAttempts {
                    throw HistoryError.busy(location: location, attempts: attempt, reason: error.sqlState)
                }
                try await Task.sleep(nanoseconds: UInt64(attempt) * 50_000_000)
            } catch let error as PostgresStatementError {
                throw error.failure
            } catch let error as HistoryError {
                throw error
            } catch let error as ShardMergeConflict {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw HistoryError.cannotOpen(location: location, reason: Self.reason(error), advice: .postgresServer)
            }
        }
    }

    /// Returns once the server at `address` accepts a connection, trying every quarter second for
    /// `seconds`; false when it did not. Direct connections fail at once while the server refuses
    /// them; the pool, asked instead, keeps trying long after a restart would be over and then
    /// gives up with a circuit breaker's error, which reads as a failure to open the store.
    static func awaitServer(_ address: PostgresAddress, within seconds: Double, logger: Logger) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let connection = try? await connect(address, logger: logger) {
                try? await connection.close()
                return true
            }
            guard Date() < deadline else { return false }
            try await Task.sleep(nanoseconds: 250_000_000)
        }
    }

    /// Inserts the batch in one transaction, then what `completion` adds (it may wait for the
    /// analysis; nil abandons the run and rolls back). `ON CONFLICT DO NOTHING` on the run key
    /// makes a concurrent or repeated ingest of the same run a no-op. With `legs`, the transaction
    /// first takes the run key's lock and requires the run's stored legs to be those
    /// (`requireLegs`).
    ///
    /// The names and strings the rows refer to are added outside the transaction, each statement
    /// committed on its own: the run's test names and what its first tables refer to before it
    /// begins, what the analysed tables add (failure strings) on another connection of the pool.
    /// Concurrent jobs adding the same entries then wait for one statement, never for another
    /// job's whole run (which may itself wait for them); an entry left by a run that then failed
    /// is harmless.
    func write(
        _ batch: IngestBatch, merging legs: [StoredShard]? = nil, then completion: () async -> [IngestBatch.Table]?,
        on connection: PostgresConnection
    ) async throws -> IngestResult {
        var ids = RowIDs(run: 0)
        var references = batch.testNames
        for table in batch.tables { references.formUnion(table.references) }
        try await resolve(references, into: &ids, on: connection)
        try await execute("BEGIN", on: connection)
        do {
            if let legs { try await requireLegs(legs, of: batch.key, on: connection) }
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
                let mine = try await storedByThisWrite(batch, on: connection)
                try await execute("ROLLBACK", on: connection)
                return mine ? .inserted : .alreadyStored
            }
            ids.run = runID
            for table in batch.tables where !table.isEmpty {
                try await insert(table, ids: ids, on: connection)
            }
            guard let completion = await completion() else { throw CancellationError() }
            for table in completion where !table.isEmpty {
                if !ids.missing(table.references).isEmpty {
                    let known = ids
                    ids = try await client.withConnection { other in
                        var added = known
                        try await self.resolve(table.references, into: &added, on: other)
                        return added
                    }
                }
                try await insert(table, ids: ids, on: connection)
            }
            try await execute("COMMIT", on: connection)
            try await faults.afterCommit(on: connection, location: location)
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
    private func insert(_ table: IngestBatch.Table, ids: RowIDs, on connection: PostgresConnection) async throws {
        // An upsert's rows go in key order, each statement's too, so concurrent writers lock the
        // rows they share in one order rather than each waiting for the other.
        let table = table.upsert == nil ? table : table.ordered(ids: ids)
        let suffix =
            table.upsert.map { upsert in
                let order = upsert.key.compactMap { key in table.columns.firstIndex(of: key).map { "\($0 + 1)" } }
                return " ORDER BY \(order.joined(separator: ", ")) \(upsert.clause)"
            } ?? ""
        var rows = PostgresColumnArrays(columns: table.columns.count)
        var start = 0
        while start < table.count {
            let end = min(start + Self.rowsPerInsert, table.count)
            table.write(start..<end, ids: ids, to: &rows)
            if let mismatch = rows.mismatch {
                throw HistoryError.clientFailed(location: location, sql: "INSERT INTO \(table.name)", reason: mismatch)
            }
            let statement = rows.insert(into: table.name, names: table.columns, suffix: suffix)
            try await failing(as: "INSERT INTO \(table.name) (rows \(start + 1)–\(end))") {
                for try await _ in try await startQuery(statement, on: connection) {}
            }
            rows.removeAll()
            start = end
        }
    }

    /// Gives every name and string `references` holds an id in `ids`: the stored ones, read by
    /// their unique index; the others are added (sorted, so concurrent writers lock them in one
    /// order; `ON CONFLICT DO NOTHING` where another writer added one meanwhile) and read again.
    func resolve(_ references: RowReferences, into ids: inout RowIDs, on connection: PostgresConnection) async throws {
        let missing = ids.missing(references)
        if !missing.names.isEmpty {
            let keys = missing.names.map(\.key)
            try await lookUp(keys, in: "test_names", column: "test_key", into: &ids.names, on: connection)
            let absent = missing.names.filter { ids.names[$0.key] == nil }
            if !absent.isEmpty {
                var rows = PostgresColumnArrays(columns: TestName.columns.count)
                for name in absent { name.write(to: &rows) }
                try await add(rows, into: TestName.table, columns: TestName.columns, on: connection)
                try await lookUp(
                    absent.map(\.key), in: "test_names", column: "test_key", into: &ids.names, on: connection)
            }
        }
        if !missing.strings.isEmpty {
            try await lookUp(missing.strings, in: "strings", column: "value", into: &ids.strings, on: connection)
            let absent = missing.strings.filter { ids.strings[$0] == nil }
            if !absent.isEmpty {
                var rows = PostgresColumnArrays(columns: 1)
                for string in absent { rows.text(string) }
                try await add(rows, into: "strings", columns: ["value"], on: connection)
                try await lookUp(absent, in: "strings", column: "value", into: &ids.strings, on: connection)
            }
        }
    }

    /// Reads the ids of `values` from `table`'s unique `column` into `ids`.
    private func lookUp(
        _ values: [String], in table: String, column: String, into ids: inout [String: Int],
        on connection: PostgresConnection
    ) async throws {
        var array = PostgresColumnArrays(columns: 1)
        for value in values { array.text(value) }
        let sql = "SELECT id, \(column) FROM \(table) WHERE \(column) = ANY($1::text[])"
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(PostgresBinaryArray(column: array.columns[0], count: array.rowCount))
        try await failing(as: sql) {
            for try await row in try await startQuery(PostgresQuery(unsafeSQL: sql, binds: bindings), on: connection) {
                let (id, value) = try row.decode((Int, String).self)
                ids[value] = id
            }
        }
    }

    /// Inserts `rows` into the dictionary `table`, in order, leaving out entries another writer
    /// added meanwhile.
    private func add(
        _ rows: PostgresColumnArrays, into table: String, columns: [String], on connection: PostgresConnection
    ) async throws {
        let (sql, arrays) = rows.statement(into: table, names: columns)
        let statement = sql + " ORDER BY 1 ON CONFLICT DO NOTHING"
        var bindings = PostgresBindings(capacity: arrays.count)
        for array in arrays { bindings.append(array) }
        try await failing(as: "INSERT INTO \(table)") {
            for try await _ in try await startQuery(
                PostgresQuery(unsafeSQL: statement, binds: bindings), on: connection)
            {}
        }
    }

    /// Whether the run stored under the batch's key is the one this write stored, on an earlier
    /// attempt whose COMMIT reached the server before the connection dropped: same key, same
    /// ingest time (taken once per write, to the microsecond) and the same test count. Another
    /// process's run under the key is `alreadyStored`.
    private func storedByThisWrite(_ batch: IngestBatch, on connection: PostgresConnection) async throws -> Bool {
        let values = batch.run.values
        guard let ingestedAt = RunRecord.columns.firstIndex(of: "ingested_at"),
            let tests = RunRecord.columns.firstIndex(of: "tests"),
            case .double(let time) = values[ingestedAt], case .int(let count) = values[tests]
        else { return false }
        var mine = false
        try await forEach(
            SQLStatement(sql: "SELECT ingested_at, tests FROM runs WHERE run_key = ?", arguments: [.text(batch.key)]),
            on: connection
        ) { row in mine = try row.double(0) == time && row.int(1) == count }
        return mine
    }

    /// Rows per INSERT statement.
    static let rowsPerInsert = 8_192
}
