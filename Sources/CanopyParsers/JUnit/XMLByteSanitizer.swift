/// Replaces what XML 1.0 forbids with `?` so that a report with stray control characters (ANSI
/// escapes in captured output, Surefire's `&#27;`) still reads. Used only on a second pass after
/// libxml2 rejected the file, so a clean file pays nothing for it.
struct XMLByteSanitizer {
    private(set) var replaced = 0
    /// Bytes held back from the previous chunk: an incomplete UTF-8 sequence or character reference.
    private var pending: [UInt8] = []

    mutating func clean(_ input: UnsafeBufferPointer<UInt8>, final: Bool) -> [UInt8] {
        var bytes = pending
        bytes.append(contentsOf: input)
        pending.removeAll(keepingCapacity: true)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    output.append(byte)
                } else {
                    output.append(UInt8(ascii: "?"))
                    replaced += 1
                }
                index += 1
            } else if byte == UInt8(ascii: "&"), index + 1 < count || !final {
                // A character reference: &#NN; or &#xHH;
                guard index + 1 < count else {
                    pending = Array(bytes[index...])
                    break
                }
                if bytes[index + 1] != UInt8(ascii: "#") {
                    output.append(byte)
                    index += 1
                    continue
                }
                var end = index + 2
                while end < count, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
                if end >= count {
                    if !final && count - index < 12 {
                        pending = Array(bytes[index...])
                        break
                    }
                    output.append(byte)
                    index += 1
                    continue
                }
                guard bytes[end] == UInt8(ascii: ";") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                let value: UInt32? =
                    body.first == "x" || body.first == "X" ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
                if let value, !XMLByteSanitizer.isAllowed(value) {
                    output.append(UInt8(ascii: "?"))
                    replaced += 1
                } else {
                    output.append(contentsOf: bytes[index...end])
                }
                index = end + 1
            } else if byte < 0x80 {
                output.append(byte)
                index += 1
            } else {
                let length = XMLByteSanitizer.sequenceLength(byte)
                if length == 0 {
                    output.append(UInt8(ascii: "?"))
                    replaced += 1
                    index += 1
                    continue
                }
                if index + length > count {
                    if !final {
                        pending = Array(bytes[index...])
                        break
                    }
                    output.append(UInt8(ascii: "?"))
                    replaced += 1
                    index += 1
                    continue
                }
                if !XMLByteSanitizer.isWellFormed(bytes, at: index, length: length) {
                    // Each byte of an ill-formed sequence is a '?' (its continuation bytes then fail the lead check).
                    output.append(UInt8(ascii: "?"))
                    replaced += 1
                    index += 1
                } else if byte == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    // U+FFFE and U+FFFF: well-formed UTF-8, but not XML 1.0 characters.
                    output.append(UInt8(ascii: "?"))
                    replaced += 1
                    index += length
                } else {
                    output.append(contentsOf: bytes[index..<(index + length)])
                    index += length
                }
            }
        }
        return output
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// Whether the `length` bytes at `index` are one well-formed UTF-8 sequence (Unicode 15, table
    /// 3-7): continuation bytes, and none of the overlong forms, UTF-16 surrogates (`ED A0`…) or
    /// values past U+10FFFF, all of which libxml2 rejects.
    private static func isWellFormed(_ bytes: [UInt8], at index: Int, length: Int) -> Bool {
        let second = bytes[index + 1]
        let secondRange: ClosedRange<UInt8> =
            switch bytes[index] {
            case 0xE0: 0xA0...0xBF
            case 0xED: 0x80...0x9F
            case 0xF0: 0x90...0xBF
            case 0xF4: 0x80...0x8F
            default: 0x80...0xBF
            }
        guard secondRange.contains(second) else { return false }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
        return true
    }

    private static func isAllowed(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
