import CanopyHistory
import Logging
import PostgresNIO

extension PostgresHistoryStore {
    /// Runs maintenance statements (`CREATE DATABASE`, `DROP DATABASE`) outside a transaction on
    /// a connection of its own. Tests use it to give each a fresh database.
    package static func administer(_ address: PostgresAddress, statements: [String]) async throws {
        let logger = Logger(label: "canopy.history.postgres.admin", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await connect(address, logger: logger)
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
