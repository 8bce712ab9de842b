import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// Leases a connection for reading, mapping a failure to connect to `HistoryError.cannotOpen`.
    /// The read is tried again under `retryPolicy` after an outage, unless `body` was already
    /// handed a row (which it would then see twice).
    func withConnection<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let delivery = RowDelivery()
        do {
            return try await RowDelivery.$current.withValue(delivery) {
                try await retrying {
                    do {
                        return try await client.withConnection { try await body($0) }
                    } catch  where delivery.started {
                        throw RowDelivery.Spent(error: error)
                    }
                }
            }
        } catch let spent as RowDelivery.Spent {
            throw mapped(spent.error)
        } catch {
            throw mapped(error)
        }
    }

    /// A failure of `withConnection` as the store's error.
    private func mapped(_ error: any Error) -> any Error {
        if error is HistoryError || error is CancellationError { return error }
        if Self.isConnectionLoss(error) {
            return HistoryError.connectionLost(location: location, reason: Self.reason(error))
        }
        if let error = error as? PostgresStatementError { return error.failure }
        if let error = error as? PSQLError, error.serverInfo != nil {
            return HistoryError.statementFailed(
                location: location, sql: Self.sql(of: error), reason: Self.reason(error))
        }
        return HistoryError.cannotOpen(location: location, reason: Self.reason(error), advice: .postgresServer)
    }

    func execute(_ sql: String, on connection: PostgresConnection) async throws {
        try await execute(SQLStatement(sql: sql, arguments: []), on: connection)
    }

    func execute(_ statement: SQLStatement, on connection: PostgresConnection) async throws {
        try await forEach(statement, on: connection) { _ in }
    }

    /// Runs `statement` and hands each row to `body` as it streams from the server.
    func forEach(
        _ statement: SQLStatement, on connection: PostgresConnection, _ body: (PostgresRowReader) throws -> Void
    ) async throws {
        try await failing(as: statement.sql) {
            let rows = try await startQuery(Self.query(statement), on: connection)
            for try await row in rows {
                RowDelivery.current?.started = true
                try body(PostgresRowReader(row: row.makeRandomAccess()))
            }
        }
    }

    /// Runs the work of the statement `sql`, turning its failure into the store's: a lost
    /// connection, the server's rejection with its SQLSTATE (so writers can tell a retryable
    /// conflict), or the client library's refusal. Other errors (the caller's own) pass unchanged.
    func failing<T>(as sql: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as HistoryError {
            throw error
        } catch let error where Self.isConnectionLoss(error) {
            throw HistoryError.connectionLost(location: location, reason: Self.reason(error))
        } catch let error as PSQLError where error.serverInfo != nil {
            throw PostgresStatementError(
                sqlState: error.serverInfo?[.sqlState] ?? "",
                failure: .statementFailed(location: location, sql: Self.short(sql), reason: Self.reason(error)))
        } catch let error as PSQLError {
            // Refused by the client library before or while the statement ran (too many bound
            // values, a reply it could not parse): the store did open.
            throw HistoryError.clientFailed(location: location, sql: Self.short(sql), reason: Self.reason(error))
        } catch let error as PostgresDecodingError {
            throw HistoryError.clientFailed(location: location, sql: Self.short(sql), reason: Self.reason(error))
        }
    }

    static func query(_ statement: SQLStatement) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: statement.arguments.count)
        for value in statement.arguments {
            switch value {
            case .int(let int): bindings.append(int)
            case .double(let double): bindings.append(double)
            case .text(let text): bindings.append(text)
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            case .null: bindings.appendNull()
            }
        }
        return PostgresQuery(unsafeSQL: statement.numberedSQL, binds: bindings)
    }

    /// The server's message, detail and hint with its SQLSTATE, never the connection URL nor
    /// postgres-nio's generic description of its error.
    package static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let info = error.serverInfo {
                var text = info[.message] ?? HistoryError.noServerMessage
                if let detail = info[.detail], !detail.isEmpty { text += ": " + detail }
                if let hint = info[.hint], !hint.isEmpty { text += " Hint: " + hint }
                return StoreLocation.redact(text + " (SQLSTATE \(info[.sqlState] ?? "?"))")
            }
            return StoreLocation.redact("\(error.code)" + (error.underlying.map { ": \(reason($0))" } ?? ""))
        }
        if let error = error as? PostgresStatementError { return error.failure.description }
        if let error = error as? PostgresDecodingError {
            return HistoryError.undecodable(
                column: error.columnName, postgresType: "\(error.postgresType)", as: "\(error.targetType)",
                code: "\(error.code)")
        }
        return StoreLocation.redact(String(describing: error))
    }

    static func sql(of error: PSQLError) -> String { short(error.query?.sql ?? HistoryError.noStatement) }

    static func short(_ sql: String) -> String { sql.count > 400 ? String(sql.prefix(400)) + "…" : sql }
}

/// Whether a read has handed rows to its caller, so that an outage after that is not retried.
final class RowDelivery: @unchecked Sendable {
    @TaskLocal static var current: RowDelivery?
    private let lock = NSLock()
    private var delivered = false
    var started: Bool {
        get { lock.withLock { delivered } }
        set { lock.withLock { delivered = newValue } }
    }

    /// A failure after rows were delivered: not an outage to retry.
    struct Spent: Error { var error: any Error }
}

/// A failed statement with the server's SQLSTATE, so writers can tell a retryable conflict.
struct PostgresStatementError: Error {
    var sqlState: String
    var failure: HistoryError

    /// serialization_failure, deadlock_detected, unique_violation: another writer got there first.
    var isRetryable: Bool { ["40001", "40P01", "23505"].contains(sqlState) }
}

/// Reads postgres-nio rows by position.
struct PostgresRowReader: SQLRowReader {
    let row: PostgresRandomAccessRow

    func text(_ index: Int) throws -> String? { try row[index].decode(String?.self) }
    func int(_ index: Int) throws -> Int? { try row[index].decode(Int?.self) }
    func double(_ index: Int) throws -> Double? { try row[index].decode(Double?.self) }
    func blob(_ index: Int) throws -> [UInt8]? {
        try row[index].decode(ByteBuffer?.self).map { Array($0.readableBytesView) }
    }
}
