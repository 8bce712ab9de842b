import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: values separated by tabs, rows
/// ended by newlines, `\N` for NULL, and backslash, tab, newline and carriage return escaped
/// inside text. The server parses each value as its column's type, so a double is written in
/// Swift's shortest form that reads back as the same value.
struct PostgresCopyText: SQLRowSink {
    /// Values per row.
    let columns: Int
    var buffer: ByteBuffer
    private var column = 0

    init(columns: Int, capacity: Int = 1 << 18) {
        precondition(columns > 0, "a row has columns")
        self.columns = columns
        buffer = ByteBuffer()
        buffer.reserveCapacity(capacity)
    }

    mutating func int(_ value: Int) {
        buffer.writeString(String(value))
        endValue()
    }

    mutating func double(_ value: Double) {
        if value.isNaN {
            buffer.writeStaticString("NaN")
        } else if value.isInfinite {
            buffer.writeStaticString(value < 0 ? "-Infinity" : "Infinity")
        } else {
            buffer.writeString(value.description)
        }
        endValue()
    }

    mutating func null() {
        buffer.writeStaticString("\\N")
        endValue()
    }

    mutating func text(_ value: String) {
        writeEscaped(value.utf8[...])
        endValue()
    }

    mutating func text(_ value: String, utf8Prefix byteCount: Int) {
        writeEscaped(value.utf8.prefix(byteCount))
        endValue()
    }

    /// Whether the buffer ends on a whole row.
    var isAtRowStart: Bool { column == 0 }

    private mutating func writeEscaped(_ bytes: Substring.UTF8View) {
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let escape: StaticString? =
                switch bytes[index] {
                case UInt8(ascii: "\\"): "\\\\"
                case UInt8(ascii: "\t"): "\\t"
                case UInt8(ascii: "\n"): "\\n"
                case UInt8(ascii: "\r"): "\\r"
                default: nil
                }
            if let escape {
                buffer.writeBytes(bytes[start..<index])
                buffer.writeStaticString(escape)
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        buffer.writeBytes(bytes[start..<bytes.endIndex])
    }

    private mutating func endValue() {
        column += 1
        if column == columns {
            buffer.writeInteger(UInt8(ascii: "\n"))
            column = 0
        } else {
            buffer.writeInteger(UInt8(ascii: "\t"))
        }
    }
}
