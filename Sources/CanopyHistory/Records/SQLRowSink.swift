/// Receives one row's values in column order. SQLite's writer binds each straight into its
/// statement (`SQLiteRowBinder`) and PostgreSQL's gathers one binary array per column
/// (`PostgresColumnArrays`). Writing rows through a sink instead of returning `[SQLValue]` per
/// row saves an array, its enum boxes and their reference counting for every row, on the store's
/// critical path.
protocol SQLRowSink {
    mutating func int(_ value: Int)
    mutating func double(_ value: Double)
    mutating func text(_ value: String)
    /// The first `byteCount` UTF-8 bytes of `value`, which end on a character boundary.
    mutating func text(_ value: String, utf8Prefix byteCount: Int)
    /// Bytes, bound as a BLOB (`BYTEA`); empty bytes are an empty value, never NULL.
    mutating func blob(_ bytes: [UInt8])
    mutating func null()
}

extension SQLRowSink {
    mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    mutating func double(_ value: Double?) {
        if let value { double(value) } else { null() }
    }

    mutating func text(_ value: String?) {
        if let value { text(value) } else { null() }
    }

    mutating func bool(_ value: Bool) { int(value ? 1 : 0) }
}
