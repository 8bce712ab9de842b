import CanopyModel
import Foundation

/// Finds where one JSON value ends in a stream of its bytes, chunk by chunk.
struct ScanState {
    enum Kind { case container, string, scalar }
    let kind: Kind
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Whether the opening quote of a string value was passed.
    private var started = false

    init(kind first: UInt8) {
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .container
        case UInt8(ascii: "\""): kind = .string
        default: kind = .scalar
        }
    }

    /// Scans `bytes[index..<end]`: the index just past the value when it ends there (else nil,
    /// `index` at `end` and the state kept for the next chunk).
    mutating func scan(_ bytes: [UInt8], from index: inout Int, to end: Int) -> Int? {
        var first = index
        if kind == .string, !started {
            started = true
            inString = true
            first += 1
        }
        let kind = self.kind
        let state = (depth, inString, escaped)
        // The loop's state lives in the closure's locals (registers), and is stored back after it.
        let (found, stop, after) = bytes.withUnsafeBufferPointer { bytes -> (Int?, Int, (Int, Bool, Bool)) in
            let quote = UInt8(ascii: "\"")
            let backslash = UInt8(ascii: "\\")
            var (depth, inString, escaped) = state
            var i = first
            if kind == .scalar {
                while i < end {
                    switch bytes[i] {
                    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                        return (i, i, state)
                    default: i += 1
                    }
                }
                return (nil, i, state)
            }
            while i < end {
                if inString {
                    if escaped {
                        escaped = false
                        i += 1
                        continue
                    }
                    // The plain bytes of a string, up to its next quote or escape: eight at a
                    // time while no byte of the eight is either, then one at a time.
                    let raw = UnsafeRawBufferPointer(bytes)
                    while i + 8 <= end {
                        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        let quotes = word ^ 0x2222_2222_2222_2222
                        let escapes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                        let zero =
                            ((quotes &- 0x0101_0101_0101_0101) & ~quotes)
                            | ((escapes &- 0x0101_0101_0101_0101) & ~escapes)
                        if zero & 0x8080_8080_8080_8080 != 0 { break }
                        i += 8
                    }
                    while i < end, bytes[i] != quote, bytes[i] != backslash { i += 1 }
                    guard i < end else { break }
                    i += 1
                    if bytes[i - 1] == backslash {
                        escaped = true
                    } else {
                        inString = false
                        if kind == .string { return (i, i, (depth, inString, escaped)) }
                    }
                    continue
                }
                let byte = bytes[i]
                i += 1
                switch byte {
                case quote: inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth <= 0 { return (i, i, (depth, inString, escaped)) }
                default: break
                }
            }
            return (nil, i, (depth, inString, escaped))
        }
        index = stop
        (depth, inString, escaped) = after
        return found
    }
}
