import CanopyModel
import Foundation
import Logging
import PostgresNIO

/// History in a shared PostgreSQL server (`--store postgres://…` or `CANOPY_STORE`), through
/// postgres-nio: the same schema, migrations and behaviour as `SQLiteHistoryStore`.
package final class PostgresHistoryStore: HistoryStore {
    let client: PostgresClient
    private let runner: Task<Void, Never>
    let logger: Logger
    package let location: String
    /// Where the server is, for the direct connections that tell whether it is back.
    let address: PostgresAddress

    /// How outages are waited out (`PostgresRetryPolicy`).
    let retryPolicy: PostgresRetryPolicy
    /// A reader's store: its sessions are read-only and it never migrates.
    package let readOnly: Bool
    /// Failures injected by tests.
    let faults = PostgresFaults()

    /// Connects to the server at `address` and migrates the schema; with `readOnly`, checks the
    /// schema instead and opens read-only sessions (`default_transaction_read_only`), for the
    /// commands that only read history.
    package init(
        address: PostgresAddress, maximumConnections: Int = 4, readOnly: Bool = false,
        retryPolicy: PostgresRetryPolicy? = nil
    ) async throws {
        location = address.description
        self.address = address
        self.readOnly = readOnly
        self.retryPolicy = retryPolicy ?? address.retryPolicy
        logger = Logger(label: "canopy.history.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let tls: PostgresClient.Configuration.TLS
        switch address.sslMode {
        case "require": tls = .require(.makeClientConfiguration())
        case "prefer": tls = .prefer(.makeClientConfiguration())
        default: tls = .disable
        }
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = 0
        configuration.options.connectTimeout = .seconds(5)
        if readOnly { configuration.options.additionalStartupParameters = Self.readOnlySession }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
        do {
            // Migrate (or, read-only, check the schema) on a direct connection first: an
            // unreachable server fails here, once the retry policy is spent.
            try await retrying {
                let connection = try await Self.connect(address, logger: logger, readOnly: readOnly)
                do {
                    if readOnly { try await checkSchema(on: connection) } else { try await migrate(on: connection) }
                    try? await connection.close()
                } catch {
                    try? await connection.close()
                    throw error
                }
            }
        } catch {
            runner.cancel()
            throw error
        }
    }

    /// The startup parameters of a reader's sessions: every transaction is read-only.
    static let readOnlySession = [("default_transaction_read_only", "on")]

    /// How long `close` waits for the client's connections to shut down.
    static let closeTimeout = 5.0

    package func close() async {
        // Cancelling run() closes the pool; its connections close in milliseconds, but a connection
        // the server dropped mid-write must never hold the process open, so the wait is bounded.
        runner.cancel()
        _ = await Self.waitAtMost(Self.closeTimeout, for: runner)
    }

    // MARK: Migrations

    /// Serialises migrations of concurrent writers on a session advisory lock.
    static let migrationLock = 0x4341_4E4F  // "CANO"

    private func migrate(on connection: PostgresConnection) async throws {
        let location = location
        do {
            try await self.execute("SELECT pg_advisory_lock(\(Self.migrationLock))", on: connection)
            do {
                try await self.execute(
                    """
                    CREATE TABLE IF NOT EXISTS canopy_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, \
                    applied_at DOUBLE PRECISION NOT NULL)
                    """, on: connection)
                let applied = Set(try await self.appliedVersions(on: connection))
                if let found = applied.max(), found > HistoryMigration.latestVersion {
                    throw HistoryError.schemaTooNew(
                        location: location, found: found, known: HistoryMigration.latestVersion)
                }
                for migration in HistoryMigration.all where !applied.contains(migration.version) {
                    try await self.apply(migration, on: connection)
                }
            } catch {
                _ = try? await self.execute("SELECT pg_advisory_unlock(\(Self.migrationLock))", on: connection)
                throw error
            }
            try await self.execute("SELECT pg_advisory_unlock(\(Self.migrationLock))", on: connection)
        } catch let error as PostgresStatementError {
            throw error.failure
        }
    }

    private func apply(_ migration: HistoryMigration, on connection: PostgresConnection) async throws {
        try await execute("BEGIN", on: connection)
        do {
            for sql in migration.sql(for: .postgres) {
                do {
                    for try await _ in try await startQuery(PostgresQuery(unsafeSQL: sql), on: connection) {}
                } catch let error as HistoryError {
                    throw error
                } catch let error where Self.isConnectionLoss(error) {
                    throw HistoryError.connectionLost(location: location, reason: Self.reason(error))
                } catch {
                    throw HistoryError.migrationFailed(
                        location: location, version: migration.version, name: migration.name, sql: sql,
                        reason: Self.reason(error))
                }
            }
            try await execute(
                SQLStatement(
                    sql: "INSERT INTO canopy_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    arguments: [.int(migration.version), .text(migration.name), .double(Date().timeIntervalSince1970)]),
                on: connection)
            try await execute("COMMIT", on: connection)
        } catch {
            _ = try? await execute("ROLLBACK", on: connection)
            throw error
        }
    }

    /// A reader's check: the store is at this build's schema. A store with no history or an older
    /// schema is refused with the advice to migrate it by writing (`schemaTooOld`), a newer one
    /// with `schemaTooNew`; nothing is written either way.
    private func checkSchema(on connection: PostgresConnection) async throws {
        let location = location
        do {
            var exists = false
            let probe = "SELECT CASE WHEN to_regclass('canopy_migrations') IS NULL THEN 0 ELSE 1 END::int8"
            try await forEach(SQLStatement(sql: probe, arguments: []), on: connection) { exists = try $0.int(0) == 1 }
            let found = exists ? (try await appliedVersions(on: connection).max() ?? 0) : 0
            if found > HistoryMigration.latestVersion {
                throw HistoryError.schemaTooNew(location: location, found: found, known: HistoryMigration.latestVersion)
            }
            if found < HistoryMigration.latestVersion {
                throw HistoryError.schemaTooOld(location: location, found: found, known: HistoryMigration.latestVersion)
            }
        } catch let error as PostgresStatementError {
            throw error.failure
        }
    }

    private func appliedVersions(on connection: PostgresConnection) async throws -> [Int] {
        var versions: [Int] = []
        try await forEach(SQLStatement(sql: "SELECT version FROM canopy_migrations", arguments: []), on: connection) {
            if let version = try $0.int(0) { versions.append(version) }
        }
        return versions
    }

    package func schemaVersion() async throws -> Int {
        try await withConnection { try await self.appliedVersions(on: $0).max() ?? 0 }
    }
}
