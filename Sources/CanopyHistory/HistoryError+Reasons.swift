/// The parts of a `HistoryError`'s `reason` that Canopy words itself (the rest is the database's
/// own message): an error's text, composed beside the error type.
extension HistoryError {
    /// The SQL an error shows when the failure names no statement.
    static let noStatement = "(no statement)"

    /// The reason when a database error carries no message of its own.
    static let noMessage = "unknown error"

    /// The reason when the PostgreSQL server's error carries no message.
    static let noServerMessage = "server error"

    /// A PostgreSQL value that could not be decoded as the Swift type asked for.
    static func undecodable(column: String, postgresType: String, as target: String, code: String) -> String {
        "cannot read column \(column) (\(postgresType)) as \(target): \(code)"
    }

    /// A column of a batch (1-based) whose values changed kind mid-way.
    static func mixedColumn(_ column: Int, holds kind: String, then other: String) -> String {
        "column \(column) holds \(kind) values, then a \(other) value"
    }

    /// How a retry policy waited before giving up: `tries` tries when the server came back, or no
    /// answer from the server at all, within `window` seconds.
    static func waited(tries: Int, serverBack: Bool, window: Int) -> String {
        serverBack
            ? "tried \(tries) time\(tries == 1 ? "" : "s") within \(window) s"
            : "the server did not accept connections again within \(window) s"
    }
}
