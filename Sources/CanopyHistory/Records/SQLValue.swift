/// A value bound into a statement, independent of the database driver.
enum SQLValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case text(String)
    /// Bytes (SQLite `BLOB`, PostgreSQL `BYTEA`).
    case blob([UInt8])
    case null

    init(_ value: Int?) { self = value.map { .int($0) } ?? .null }
    init(_ value: Double?) { self = value.map { .double($0) } ?? .null }
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    init(_ value: Bool) { self = .int(value ? 1 : 0) }
}
