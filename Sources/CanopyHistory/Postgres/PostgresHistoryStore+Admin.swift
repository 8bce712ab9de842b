import Foundation
import Logging
import PostgresNIO

extension PostgresHistoryStore {
    /// Runs maintenance statements (`CREATE DATABASE`, `DROP DATABASE`) outside a transaction on
    /// a connection of its own. Used by tests and benchmarks to give each a fresh database.
    static func administer(_ address: PostgresAddress, statements: [String]) async throws {
        let logger = Logger(label: "canopy.history.postgres.admin", factory: { _ in SwiftLogNoOpLogHandler() })
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(5)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw HistoryError.cannotOpen(location: address.description, reason: reason(error))
        }
        defer { Task { try? await connection.close() } }
        for sql in statements {
            do {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            } catch {
                throw HistoryError.statementFailed(location: address.description, sql: sql, reason: reason(error))
            }
        }
    }
}
