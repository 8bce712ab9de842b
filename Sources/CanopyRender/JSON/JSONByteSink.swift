import Foundation

/// The encoder's state: the bytes so far and the containers still open.
final class JSONByteSink: Encoder {
    struct Frame {
        var isObject: Bool
        /// The `encodeValue` call that opened it; -1 for a nested container.
        var level: Int
        var count = 0
        /// Where this object's members start in `memberKeys` / `memberStarts`.
        var firstMember: Int
    }

    // Only this encoder's one thread touches these, so they skip the dynamic exclusivity check
    // that would otherwise cost every access.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    let pretty: Bool
    let escapesSlashes: Bool
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    @exclusivity(unchecked) private var memberKeys: [String] = []
    @exclusivity(unchecked) private var memberStarts: [Int] = []
    @exclusivity(unchecked) private var level = 0
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    private(set) var failure: String?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(pretty: Bool, escapesSlashes: Bool) {
        self.pretty = pretty
        self.escapesSlashes = escapesSlashes
        bytes.reserveCapacity(1 << 16)
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let top = frames.last, top.isObject, top.level == level {
            return KeyedEncodingContainer(KeyedContainer(sink: self, frame: frames.count - 1))
        }
        return KeyedEncodingContainer(KeyedContainer(sink: self, frame: open(object: true, level: level)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if let top = frames.last, !top.isObject, top.level == level {
            return UnkeyedContainer(sink: self, frame: frames.count - 1)
        }
        return UnkeyedContainer(sink: self, frame: open(object: false, level: level))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(sink: self) }

    // MARK: Values

    /// Writes one value where the caller has placed the separator (and key).
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Double.self {
            writeFloat(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            writeLiteral(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if T.self == Date.self {
            writeString(unsafeBitCast(value, to: Date.self).formatted(.iso8601))
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Data.self || T.self == Decimal.self {
            throw JSONByteEncoder.Unsupported(what: "\(T.self)")
        } else {
            level += 1
            defer { level -= 1 }
            let mark = frames.count
            let before = bytes.count
            try value.encode(to: self)
            closeFrames(downTo: mark)
            // A value that encodes nothing is an empty object to `JSONEncoder`.
            if bytes.count == before { writeLiteral(pretty ? "{\n\n" + indent(mark) + "}" : "{}") }
        }
    }

    func writeInteger(_ value: Int) {
        if value < 0 {
            guard value != .min else { return bytes.append(contentsOf: value.description.utf8) }
            bytes.append(0x2D)
        }
        var rest = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(48 + rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    func writeInteger<I: BinaryInteger & CustomStringConvertible>(_ value: I) {
        if let int = Int(exactly: value) { writeInteger(int) } else { bytes.append(contentsOf: value.description.utf8) }
    }

    func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) {
        if value.isNaN { return writeString("nan") }
        if value.isInfinite { return writeString(value < 0 ? "-inf" : "inf") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    func writeLiteral(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A JSON string: `"` and `\` escaped, control characters as `\b \t \n \f \r` or `\u00xx`,
    /// `/` as `\/` if asked, everything else (DEL, non-ASCII) as it is.
    func writeString(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || (byte == 0x2F && escapesSlashes) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x2F: bytes.append(contentsOf: [0x5C, 0x2F])
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(0x22)
    }

    // MARK: Containers

    private func open(object: Bool, level: Int) -> Int {
        bytes.append(object ? 0x7B : 0x5B)
        frames.append(Frame(isObject: object, level: level, firstMember: memberKeys.count))
        return frames.count - 1
    }

    /// Before a member or element of the container at `frame`: ends any container opened inside
    /// it, then writes the separator and the indentation.
    func beginEntry(in frame: Int) {
        if frames.count > frame + 1 { closeFrames(downTo: frame + 1) }
        if frames[frame].count > 0 { bytes.append(0x2C) }
        frames[frame].count += 1
        if pretty { newline(depth: frame + 1) }
    }

    /// A member's separator, key and colon.
    func beginMember(_ key: some CodingKey, in frame: Int) {
        beginEntry(in: frame)
        let name = key.stringValue
        memberKeys.append(name)
        memberStarts.append(bytes.count)
        writeString(name)
        if pretty { bytes.append(contentsOf: [0x20, 0x3A, 0x20]) } else { bytes.append(0x3A) }
    }

    /// A container opened by `nestedContainer`: never the one a later `container(keyedBy:)` reuses.
    func openNested(object: Bool) -> Int { open(object: object, level: -1) }

    /// Records what this encoder cannot do; `encode` then throws. (`superEncoder` cannot throw.)
    func unsupported(_ what: String) -> any Encoder {
        failure = failure ?? what
        return self
    }

    /// Ends every container from the innermost down to index `mark`.
    func closeFrames(downTo mark: Int) {
        while frames.count > mark {
            let depth = frames.count - 1
            let frame = frames.removeLast()
            if frame.isObject {
                sortMembers(from: frame.firstMember, depth: depth)
                memberKeys.removeSubrange(frame.firstMember...)
                memberStarts.removeSubrange(frame.firstMember...)
            }
            if pretty {
                // An empty container is `{\n\n}` to `JSONEncoder`'s pretty printer.
                if frame.count == 0 { bytes.append(0x0A) }
                newline(depth: depth)
            }
            bytes.append(frame.isObject ? 0x7D : 0x5D)
        }
    }

    private func newline(depth: Int) {
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    private func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }

    /// Puts the members of the object being closed in key order, each member's bytes moved whole.
    private func sortMembers(from first: Int, depth: Int) {
        let count = memberKeys.count - first
        guard count > 1 else { return }
        var sorted = true
        for index in (first + 1)..<memberKeys.count where !Self.precedes(memberKeys[index - 1], memberKeys[index]) {
            sorted = false
            break
        }
        if sorted { return }
        let separator = 1 + (pretty ? 1 + 2 * (depth + 1) : 0)
        let order = (first..<memberKeys.count).sorted { Self.precedes(memberKeys[$0], memberKeys[$1]) }
        let regionStart = memberStarts[first]
        scratch.removeAll(keepingCapacity: true)
        for (position, member) in order.enumerated() {
            if position > 0 {
                // The separator before any member but the first is the same bytes everywhere.
                scratch.append(contentsOf: bytes[(memberStarts[first + 1] - separator)..<memberStarts[first + 1]])
            }
            let end = member + 1 < memberKeys.count ? memberStarts[member + 1] - separator : bytes.count
            scratch.append(contentsOf: bytes[memberStarts[member]..<end])
        }
        bytes.replaceSubrange(regionStart..., with: scratch)
    }

    /// UTF-8 byte order, the order `JSONEncoder`'s `.sortedKeys` writes.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
