import Foundation

/// The parts of a `postgres://user:password@host:port/database?sslmode=…&outage_window=…` URL.
package struct PostgresAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String
    /// `disable`, `prefer` or `require`; loopback hosts default to `disable`, others to `prefer`.
    package var sslMode: String
    /// How many seconds an outage is waited out (`PostgresRetryPolicy.window`), from
    /// `outage_window`, whole seconds from 0 to 600; nil when the URL does not say (the policy's 30 s).
    package var outageWindow: Double?

    package init(url: String) throws {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw HistoryError.invalidLocation(url, reason: "the URL has no host")
        }
        self.host = host
        port = components.port ?? 5432
        user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        let loopback = host == "127.0.0.1" || host == "localhost" || host == "::1"
        let mode =
            components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? (loopback ? "disable" : "prefer")
        guard ["disable", "prefer", "require"].contains(mode) else {
            throw HistoryError.invalidLocation(url, reason: "sslmode '\(mode)' is not one of disable, prefer, require")
        }
        sslMode = mode
        if let text = components.queryItems?.first(where: { $0.name == "outage_window" })?.value {
            guard let seconds = Double(text), (0...600).contains(seconds), seconds == seconds.rounded() else {
                throw HistoryError.invalidLocation(
                    url, reason: "outage_window '\(text)' is not a whole number of seconds from 0 to 600")
            }
            outageWindow = seconds
        }
    }

    /// The retry policy this address asks for: the standard one, its window replaced by
    /// `outage_window` when the URL gives one.
    package var retryPolicy: PostgresRetryPolicy {
        var policy = PostgresRetryPolicy.standard
        if let outageWindow { policy.window = outageWindow }
        return policy
    }

    /// `postgres://user:***@host:port/database`.
    package var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }
}
