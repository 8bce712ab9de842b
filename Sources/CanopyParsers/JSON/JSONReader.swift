import CanopyModel
import Foundation

/// Where and why a JSON text is not well-formed.
struct JSONReadFailure: Error, Equatable {
    var message: String
    /// Byte offset of the problem, 0-based.
    var offset: Int
    var line: Int
    var column: Int
    /// Whether the text ended before the value did (a truncated file).
    var truncated: Bool
}

/// A strict RFC 8259 reader that builds a `JSONValue` and reports failures by line, column and
/// byte offset (Foundation's `JSONSerialization` on Linux says only "Unexpected end of file").
///
/// Nesting is capped at `maximumDepth` so a hostile or runaway file fails with an error instead
/// of exhausting the stack.
struct JSONReader {
    static let maximumDepth = 1024
    /// Longest string value kept, in bytes; longer ones keep their head and a marker, so one
    /// 100 MB message does not become a 100 MB `String` (the parsers bound what they keep further).
    static let maximumStringBytes = 1024 * 1024

    static func parse(_ bytes: [UInt8]) throws(JSONReadFailure) -> JSONValue {
        try parseRepairing(bytes).value
    }

    /// What `parseRepairing` changed in the strings it read: how many, and where the first one is
    /// (its offset, line and column).
    struct Repairs {
        /// Strings whose invalid UTF-8 was repaired with U+FFFD.
        var invalidUTF8 = 0
        var firstInvalidUTF8: JSONReadFailure?
        /// `\u0000` escapes, each replaced with U+FFFD: a NUL cannot be stored in PostgreSQL text
        /// and SQLite's text readers stop at it, so a name holding one would not come back as written.
        var nul = 0
        var firstNUL: JSONReadFailure?
    }

    /// The value, and what was repaired in its strings. `depth` is the nesting the value sits
    /// at in a larger document read part by part (`JSONStreamReader`), counted against `maximumDepth`.
    static func parseRepairing(_ bytes: [UInt8], depth: Int = 0) throws(JSONReadFailure) -> (
        value: JSONValue, repairs: Repairs
    ) {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.parseValue(depth: depth)
        reader.skipWhitespace()
        if reader.index < bytes.count { throw reader.failure("unexpected content after the top-level value") }
        var repairs = Repairs(invalidUTF8: reader.repaired, nul: reader.nulEscapes)
        repairs.firstInvalidUTF8 = reader.firstRepair.map { reader.failure("invalid UTF-8 in a string", at: $0) }
        repairs.firstNUL = reader.firstNULEscape.map { reader.failure("\\u0000 in a string", at: $0) }
        return (value, repairs)
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Strings holding invalid UTF-8 (repaired with U+FFFD), and where the first began.
    private var repaired = 0
    private var firstRepair: Int?
    /// `\u0000` escapes (replaced with U+FFFD), and where the first one is.
    private var nulEscapes = 0
    private var firstNULEscape: Int?

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseValue(depth: Int) throws(JSONReadFailure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of data, a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character '\(Unicode.Scalar(bytes[index]))', a value was expected")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONReadFailure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        var members = JSONObject()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let key = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.keys.append(key)
            members.values.append(try parseValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONReadFailure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseString() throws(JSONReadFailure) -> String {
        index += 1
        let start = index
        // Non-ASCII bytes are checked for valid UTF-8 once the string ends (ASCII always is).
        var nonASCII = false
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = string(bytes[start..<index], nonASCII: nonASCII, at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte >= 0x80 { nonASCII = true }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return string(scalars[...], nonASCII: nonASCII, at: start)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try parseHex4()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                    }
                    if code == 0 {
                        nulEscapes += 1
                        if firstNULEscape == nil { firstNULEscape = index - 6 }
                    }
                    let scalar = code == 0 ? "\u{FFFD}" : Unicode.Scalar(code) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw failure("invalid escape '\\\(Unicode.Scalar(escape))' in a string")
                }
            default:
                // The run of plain bytes up to the next quote, escape or control character, at once.
                let run = index
                while index < bytes.count {
                    let plain = bytes[index]
                    if plain == UInt8(ascii: "\"") || plain == UInt8(ascii: "\\") || plain < 0x20 { break }
                    if plain >= 0x80 { nonASCII = true }
                    index += 1
                }
                if index == run { throw failure("control character in a string") }
                scalars.append(contentsOf: bytes[run..<index])
            }
        }
        throw failure("unexpected end of data inside a string")
    }

    /// A string value's text. Non-ASCII bytes are validated and decoded in one pass; invalid
    /// UTF-8 is counted (the string beginning at `offset`) and repaired with U+FFFD.
    private mutating func string(_ text: ArraySlice<UInt8>, nonASCII: Bool, at offset: Int) -> String {
        guard nonASCII else { return Self.boundedString(text) }
        if text.count <= Self.maximumStringBytes, let valid = String(validating: text, as: UTF8.self) { return valid }
        if text.count > Self.maximumStringBytes, String(validating: text, as: UTF8.self) != nil {
            return Self.boundedString(text)
        }
        repaired += 1
        if firstRepair == nil { firstRepair = offset }
        return Self.boundedString(text)
    }

    /// The UTF-8 `bytes` as a string of at most `maximumStringBytes`, cut at a scalar boundary
    /// with a marker naming what was cut.
    private static func boundedString(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.count > maximumStringBytes else { return String(decoding: bytes, as: UTF8.self) }
        var end = bytes.startIndex + maximumStringBytes
        while end > bytes.startIndex, UTF8.isContinuation(bytes[end]) { end -= 1 }
        let cut = bytes.endIndex - end
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self) + " … " + String.cutNote(bytes: cut)
    }

    private mutating func parseHex4() throws(JSONReadFailure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end of data in a \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit in a \\u escape")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    private mutating func parseNumber() throws(JSONReadFailure) -> Double {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                break
            }
            if index < bytes.count, !Self.isNumberByte(bytes[index]) { break }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // RFC 8259 sets no limit on a number's magnitude: one past a Double's range is valid JSON
        // and reads as ±infinity, which every range check downstream (`InputRange`) treats as out
        // of range (unknown, with a warning) rather than stopping the run.
        guard Self.isJSONNumber(bytes[start..<index]), let value = Double(text), !value.isNaN else {
            index = start
            throw failure("invalid number '\(text)'")
        }
        return value
    }

    /// Whether `number` matches RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private static func isJSONNumber(_ number: ArraySlice<UInt8>) -> Bool {
        var position = number.startIndex
        func digits() -> Int {
            let first = position
            while position < number.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(number[position]) {
                position += 1
            }
            return position - first
        }
        if position < number.endIndex, number[position] == UInt8(ascii: "-") { position += 1 }
        guard position < number.endIndex else { return false }
        if number[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            return false
        }
        if position < number.endIndex, number[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { return false }
        }
        if position < number.endIndex, number[position] == UInt8(ascii: "e") || number[position] == UInt8(ascii: "E") {
            position += 1
            if position < number.endIndex,
                number[position] == UInt8(ascii: "+") || number[position] == UInt8(ascii: "-")
            {
                position += 1
            }
            guard digits() > 0 else { return false }
        }
        return position == number.endIndex
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONReadFailure) {
        let expected = Array(literal.utf8)
        let count = expected.count
        guard index + count <= bytes.count else {
            if bytes[index...].elementsEqual(expected.prefix(bytes.count - index)) {
                throw failure("unexpected end of data, expected '\(literal)'", at: bytes.count)
            }
            throw failure("expected '\(literal)'")
        }
        guard bytes[index..<(index + count)].elementsEqual(expected) else { throw failure("expected '\(literal)'") }
        index += count
    }

    private func peek() throws(JSONReadFailure) -> UInt8 {
        guard index < bytes.count else { throw failure("unexpected end of data") }
        return bytes[index]
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// A failure at the current position; line and column are computed only now, on the error path.
    private func failure(_ message: String, at offset: Int? = nil) -> JSONReadFailure {
        let position = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<position where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        let column = String(decoding: bytes[lineStart..<position], as: UTF8.self).count + 1
        return JSONReadFailure(
            message: message, offset: position, line: line, column: column, truncated: position >= bytes.count)
    }
}
