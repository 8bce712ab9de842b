import GRDBSQLite

/// Binds a row's values into a prepared SQLite statement, parameter after parameter, from the
/// first. The first failing bind's result code is kept in `code` and later binds are skipped.
struct SQLiteRowBinder: SQLRowSink {
    let handle: OpaquePointer
    private(set) var code = SQLITE_OK
    private var index: Int32 = 0

    /// Resets `handle` (a statement run before) for new values.
    init(_ handle: OpaquePointer) {
        self.handle = handle
        sqlite3_reset(handle)
    }

    mutating func int(_ value: Int) {
        if let index = next() { code = sqlite3_bind_int64(handle, index, Int64(value)) }
    }

    mutating func double(_ value: Double) {
        if let index = next() { code = sqlite3_bind_double(handle, index, value) }
    }

    mutating func null() {
        if let index = next() { code = sqlite3_bind_null(handle, index) }
    }

    mutating func blob(_ bytes: [UInt8]) {
        guard let index = next() else { return }
        guard !bytes.isEmpty else {
            code = sqlite3_bind_zeroblob(handle, index, 0)
            return
        }
        code = bytes.withUnsafeBytes {
            sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient)
        }
    }

    mutating func text(_ value: String) { text(value, utf8Prefix: nil) }
    mutating func text(_ value: String, utf8Prefix byteCount: Int) { text(value, utf8Prefix: Optional(byteCount)) }

    private mutating func text(_ value: String, utf8Prefix byteCount: Int?) {
        guard let index = next() else { return }
        var value = value
        let handle = handle
        code = value.withUTF8 { bytes in
            let length = Int32(min(byteCount ?? bytes.count, bytes.count))
            // An empty buffer may have no address, and a null pointer would bind NULL.
            return withUnsafePointer(to: 0 as CChar) { empty in
                let pointer =
                    bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? empty
                return sqlite3_bind_text(handle, index, pointer, length, Self.transient)
            }
        }
    }

    /// How many values were bound.
    var count: Int { Int(index) }

    /// The next parameter's number, nil once a bind failed.
    private mutating func next() -> Int32? {
        index += 1
        return code == SQLITE_OK ? index : nil
    }

    /// SQLite copies a text value bound with this destructor before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
