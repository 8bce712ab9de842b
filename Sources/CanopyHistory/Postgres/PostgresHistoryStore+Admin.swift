import Foundation
import Logging
import PostgresNIO

extension PostgresHistoryStore {
    /// One direct connection: fails at once when the server refuses (the pool would keep retrying);
    /// with `readOnly`, a session whose transactions are read-only. A refused or dropped connection
    /// is `cannotOpen` with `.postgresUnreachable`, a server starting up `.postgresStarting`: both
    /// are outages `PostgresRetryPolicy` waits out.
    package static func connect(_ address: PostgresAddress, logger: Logger, readOnly: Bool = false) async throws
        -> PostgresConnection
    {
        let tls: PostgresConnection.Configuration.TLS
        switch address.sslMode {
        case "require": tls = .require(try makeTLSContext())
        case "prefer": tls = .prefer(try makeTLSContext())
        default: tls = .disable
        }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: tls)
        configuration.options.connectTimeout = .seconds(5)
        if readOnly { configuration.options.additionalStartupParameters = readOnlySession }
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            let advice: HistoryError.OpenAdvice =
                isStartingUp(error)
                ? .postgresStarting : isConnectionLoss(error) ? .postgresUnreachable : .postgresServer
            throw HistoryError.cannotOpen(location: address.description, reason: reason(error), advice: advice)
        }
    }

    private static func makeTLSContext() throws -> NIOSSLContext {
        do {
            return try NIOSSLContext(configuration: .makeClientConfiguration())
        } catch {
            throw HistoryError.invalidLocation(
                "postgres://", reason: "TLS could not be set up (\(error)); use sslmode=disable on a trusted network")
        }
    }
}
