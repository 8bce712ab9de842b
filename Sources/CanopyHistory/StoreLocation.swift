import Foundation

/// Where a history store lives: a SQLite file or a PostgreSQL server.
package enum StoreLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresAddress)

    /// Parses `--store` / `CANOPY_STORE`: a `postgres://` or `postgresql://` URL, otherwise a file path.
    package init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw HistoryError.invalidLocation(text, reason: "the location is empty") }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            self = .postgres(try PostgresAddress(url: trimmed))
        } else if lower.contains("://") {
            throw HistoryError.invalidLocation(trimmed, reason: "only postgres:// URLs and file paths are supported")
        } else {
            self = .sqlite(path: trimmed)
        }
    }

    /// The location as it may be printed: never with a password.
    package var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let address): address.description
        }
    }

    /// Replaces the password in any `scheme://user:password@` in `text` with `***`.
    package static func redact(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == " " || $0 == "\n" }) ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result += authority[..<colon] + ":***" + authority[at...]
            } else {
                result += authority
            }
            rest = rest[authorityEnd...]
        }
        return result + rest
    }
}

/// The parts of a `postgres://user:password@host:port/database?sslmode=…` URL.
package struct PostgresAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String
    /// `disable`, `prefer` or `require`; loopback hosts default to `disable`, others to `prefer`.
    package var sslMode: String

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
        let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? (loopback ? "disable" : "prefer")
        guard ["disable", "prefer", "require"].contains(mode) else {
            throw HistoryError.invalidLocation(url, reason: "sslmode '\(mode)' is not one of disable, prefer, require")
        }
        sslMode = mode
    }

    /// `postgres://user:***@host:port/database`.
    package var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }
}
