import CanopyModel
import Foundation

/// Reads a JSON file front to back through a window of its bytes, so that a parser can walk a
/// large document one part at a time: memory grows with the largest part it materialises, not
/// with the file.
///
/// Objects and arrays are walked member by member (`beginObject`, `nextKey`, `beginArray`,
/// `nextItem`); any value can be materialised whole as a `JSONValue` (`readValue`), parsed by
/// `JSONReader` with the same rules, bounds and repairs as a whole document. Failures are
/// `ParserError.malformed` naming the file, line, column and byte offset; the line and column
/// are found by reading the file again up to the offset, on the error path only.
final class JSONStreamReader {
    /// Bytes read from the file at a time.
    static let chunkSize = 1 << 20

    let path: String
    /// The file's size in bytes when it was opened.
    let fileSize: Int
    private let handle: FileHandle
    /// The window: `buffer[0..<filled]` holds the file's bytes from offset `base`.
    private var buffer: [UInt8]
    private var filled = 0
    private var base = 0
    /// The next byte to read, an index into `buffer`.
    private var cursor = 0
    private var atEnd = false
    /// Whether the file starts with a UTF-8 byte order mark (skipped).
    private(set) var byteOrderMark = false

    /// Strings whose invalid UTF-8 was repaired with U+FFFD, and the file offset of the first.
    private(set) var invalidUTF8 = 0
    private(set) var firstInvalidUTF8: Int?
    /// `\u0000` escapes replaced with U+FFFD, and the file offset of the first.
    private(set) var nulEscapes = 0
    private(set) var firstNUL: Int?

    /// Opens the file at `path`, to be read `chunkSize` bytes at a time; an empty file is
    /// `.empty`, an unopenable one `.unreadable`.
    init(path: String, chunkSize: Int = JSONStreamReader.chunkSize) throws(ParserError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw .unreadable(path: path, reason: reason)
        }
        self.handle = handle
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        fileSize = size
        buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
        _ = try refill(keepingFrom: 0)
        if filled == 0 { throw .empty(path: path) }
        if filled >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            byteOrderMark = true
            cursor = 3
        }
    }

    deinit { try? handle.close() }

    /// The file offset of the next byte to read.
    var offset: Int { base + cursor }

    /// The window's size in bytes: the most of the file held at once (it only grows).
    var windowBytes: Int { buffer.count }

    // MARK: Structure

    /// The next byte that is not whitespace, not consumed; nil at the end of the file.
    func peek() throws(ParserError) -> UInt8? {
        while true {
            while cursor < filled {
                switch buffer[cursor] {
                case 0x20, 0x09, 0x0A, 0x0D: cursor += 1
                default: return buffer[cursor]
                }
            }
            if atEnd { return nil }
            _ = try refill(keepingFrom: cursor)
        }
    }

    /// Consumes the `{` of an object; the first `nextKey` then reads its first key.
    func beginObject() throws(ParserError) {
        guard try peek() == UInt8(ascii: "{") else { throw malformed("expected an object") }
        cursor += 1
    }

    /// The next key of the object begun, its `:` consumed, the reader at its value (which the
    /// caller must read or walk); nil once the object's `}` is consumed. `first` is true until
    /// the first call of each object. Failures read as a whole-document `JSONReader` says them.
    func nextKey(first: inout Bool) throws(ParserError) -> String? {
        var byte = try next()
        if first {
            first = false
            if byte == UInt8(ascii: "}") {
                cursor += 1
                return nil
            }
        } else {
            switch byte {
            case UInt8(ascii: ","):
                cursor += 1
                byte = try next()
            case UInt8(ascii: "}"):
                cursor += 1
                return nil
            default:
                throw malformed("expected ',' or '}' in an object")
            }
        }
        guard byte == UInt8(ascii: "\"") else { throw malformed("expected a quoted key") }
        let key: String
        if let plain = try plainKey() {
            key = plain
        } else {
            guard case .string(let parsed) = try readValue(depth: 0) else { throw malformed("expected a quoted key") }
            key = parsed
        }
        guard try next() == UInt8(ascii: ":") else { throw malformed("expected ':' after the key \"\(key)\"") }
        cursor += 1
        guard try peek() != nil else { throw malformed("unexpected end of data, a value was expected") }
        return key
    }

    /// Consumes the `[` of an array; the first `nextItem` then says whether it has an item.
    func beginArray() throws(ParserError) {
        guard try peek() == UInt8(ascii: "[") else { throw malformed("expected an array") }
        cursor += 1
    }

    /// Whether the array begun has another item, the reader at it (which the caller must read or
    /// walk); false once the array's `]` is consumed.
    func nextItem(first: inout Bool) throws(ParserError) -> Bool {
        let byte = try next()
        if first {
            first = false
            if byte == UInt8(ascii: "]") {
                cursor += 1
                return false
            }
        } else {
            switch byte {
            case UInt8(ascii: ","): cursor += 1
            case UInt8(ascii: "]"):
                cursor += 1
                return false
            default: throw malformed("expected ',' or ']' in an array")
            }
        }
        guard try peek() != nil else { throw malformed("unexpected end of data, a value was expected") }
        return true
    }

    /// The key at the reader when it is printable ASCII without escapes (as every key of the
    /// formats read is), consumed; nil, and nothing consumed, for any other, which `readValue`
    /// then reads (repairing or refusing it).
    private func plainKey() throws(ParserError) -> String? {
        var index = cursor + 1
        while true {
            while index < filled {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    let key = String(decoding: buffer[(cursor + 1)..<index], as: UTF8.self)
                    cursor = index + 1
                    return key
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
                index += 1
            }
            if atEnd { return nil }
            index -= try refill(keepingFrom: cursor)
        }
    }

    /// The next byte that is not whitespace, not consumed; the end of the file is an error.
    private func next() throws(ParserError) -> UInt8 {
        guard let byte = try peek() else { throw malformed("unexpected end of data") }
        return byte
    }

    /// Throws unless only whitespace follows the top-level value.
    func expectEnd() throws(ParserError) {
        if try peek() != nil { throw malformed("unexpected content after the top-level value") }
    }

    // MARK: Values

    /// Where the value at the reader ends, found without parsing it.
    enum Extent: Equatable {
        /// The value fits in the window and ends before this index of it.
        case ends(Int)
        /// The value is longer than the lookahead asked for.
        case longer
        /// The file ends inside the value.
        case truncated
    }

    /// How far the value at the reader extends, looking at most `lookahead` bytes past its first
    /// (nil: to its end). The window keeps the value's bytes read so far. Strings are skipped as a whole;
    /// brackets are counted, not matched (`readValue` then finds any mismatch).
    func extent(lookahead: Int? = nil) throws(ParserError) -> Extent {
        guard let first = try peek() else { return .truncated }
        var state = ScanState(kind: first)
        var index = cursor
        while true {
            let bound = lookahead.map { $0 < filled - cursor ? cursor + $0 + 1 : filled } ?? filled
            if let end = state.scan(buffer, from: &index, to: bound) { return .ends(end) }
            if let lookahead, index - cursor > lookahead { return .longer }
            if atEnd { return state.kind == .scalar ? .ends(filled) : .truncated }
            index -= try refill(keepingFrom: cursor)
        }
    }

    /// The value at the reader, parsed whole (`JSONReader`, nesting counted from `depth`).
    /// `known` is its extent when `extent(lookahead:)` just found it (not `.longer`).
    func readValue(depth: Int, known: Extent? = nil) throws(ParserError) -> JSONValue {
        var found = known
        if found == nil { found = try extent() }
        switch found ?? .truncated {
        case .ends(let end): return try parse(to: end, depth: depth)
        case .truncated, .longer: return try parse(to: filled, depth: depth)
        }
    }

    /// Skips the value at the reader without keeping it: its bytes are let go as they are
    /// passed. Only its strings and brackets are looked at, so a value skipped must be read again
    /// (after `seek`) for a syntax error in it to be found.
    func skipValue() throws(ParserError) {
        guard let first = try peek() else { throw malformed("unexpected end of data, a value was expected") }
        var state = ScanState(kind: first)
        var index = cursor
        while true {
            if let end = state.scan(buffer, from: &index, to: filled) {
                cursor = end
                return
            }
            if atEnd {
                if state.kind == .scalar {
                    cursor = filled
                    return
                }
                cursor = filled
                throw malformed("unexpected end of data")
            }
            cursor = index
            index -= try refill(keepingFrom: cursor)
        }
    }

    /// Moves the reader to the file offset `offset` (one the reader was at before).
    func seek(to offset: Int) throws(ParserError) {
        do {
            try handle.seek(toOffset: UInt64(offset))
        } catch {
            throw .unreadable(path: path, reason: ParserError.reason(reading: error))
        }
        base = offset
        filled = 0
        cursor = 0
        atEnd = false
        _ = try refill(keepingFrom: 0)
    }

    /// Parses `buffer[cursor..<end]` as one value and moves past it.
    private func parse(to end: Int, depth: Int) throws(ParserError) -> JSONValue {
        let start = offset
        do {
            let (value, repairs) = try JSONReader.parseRepairing(Array(buffer[cursor..<end]), depth: depth)
            if let first = repairs.firstInvalidUTF8 {
                invalidUTF8 += repairs.invalidUTF8
                firstInvalidUTF8 = min(firstInvalidUTF8 ?? .max, start + first.offset)
            }
            if let first = repairs.firstNUL {
                nulEscapes += repairs.nul
                firstNUL = min(firstNUL ?? .max, start + first.offset)
            }
            cursor = end
            return value
        } catch {
            var failure = error
            // A scalar cut at its delimiter (`tru}`) fails where the whole document would not have
            // ended: read with the delimiter, it fails where a whole-document read does.
            let scalar = ![UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")].contains(buffer[cursor])
            if scalar, end < filled {
                do {
                    _ = try JSONReader.parseRepairing(Array(buffer[cursor...end]), depth: depth)
                } catch {
                    failure = error
                }
            }
            throw malformed(failure.message, at: start + failure.offset)
        }
    }

    // MARK: Window

    /// Drops the window's bytes before `keep`, reads the next chunk after what it holds (growing
    /// the window when it is full) and returns how many bytes were dropped: indices into the
    /// window move down by that much.
    private func refill(keepingFrom keep: Int) throws(ParserError) -> Int {
        if keep > 0 {
            buffer.withUnsafeMutableBytes { raw in
                let start = raw.baseAddress!
                start.copyMemory(from: start + keep, byteCount: filled - keep)
            }
            filled -= keep
            base += keep
            cursor -= keep
        }
        if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let descriptor = handle.fileDescriptor
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            Platform.read(descriptor, into: pointer.baseAddress! + filled, count: pointer.count - filled)
        }
        if count < 0 {
            throw .unreadable(path: path, reason: "reading the file failed at byte offset \(base + filled)")
        }
        if count == 0 { atEnd = true }
        filled += count
        return keep
    }

    // MARK: Failures and positions

    /// `.malformed` at the reader's offset (or `at`), with the line and column there.
    func malformed(_ message: String, at position: Int? = nil) -> ParserError {
        let position = position ?? offset
        let (line, column) = locate(position)
        let failure = JSONReadFailure(
            message: message, offset: position, line: line, column: column, truncated: position >= fileSize)
        return JSONDocument.malformed(path: path, failure: failure)
    }

    /// The 1-based line and column (in Unicode scalars) of the file offset `position`, found by
    /// reading the file from its start; a byte order mark is not counted.
    func locate(_ position: Int) -> (line: Int, column: Int) {
        guard let reader = FileHandle(forReadingAtPath: path) else { return (1, 1) }
        defer { try? reader.close() }
        var line = 1
        var column = 1
        var read = 0
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let descriptor = reader.fileDescriptor
        while read < position {
            let wanted = min(chunk.count, position - read)
            let count = chunk.withUnsafeMutableBufferPointer {
                Platform.read(descriptor, into: $0.baseAddress!, count: wanted)
            }
            if count <= 0 { break }
            for index in 0..<count {
                let byte = chunk[index]
                if read + index < 3, byteOrderMark { continue }
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            read += count
        }
        return (line, column)
    }

    /// Warnings for the strings read so far whose invalid UTF-8 or `\u0000` was repaired.
    func repairWarnings() -> [Diagnostic] {
        func failure(_ offset: Int?, _ message: String) -> JSONReadFailure? {
            offset.map { offset in
                let (line, column) = locate(offset)
                return JSONReadFailure(message: message, offset: offset, line: line, column: column, truncated: false)
            }
        }
        return JSONDocument.repairWarnings(
            path: path, invalidUTF8: invalidUTF8,
            firstInvalidUTF8: failure(firstInvalidUTF8, "invalid UTF-8 in a string"),
            nul: nulEscapes, firstNUL: failure(firstNUL, "\\u0000 in a string"))
    }
}
