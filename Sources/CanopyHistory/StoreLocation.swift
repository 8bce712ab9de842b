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
