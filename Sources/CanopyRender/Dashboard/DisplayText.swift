import CanopyModel

/// Makes text from test data safe to display before any format-specific escaping: shows control
/// characters, bidirectional controls (so a test name cannot reorder what follows it) and
/// zero-width characters visibly, as `\u{1}` (two arguments that differ only in them never look
/// alike), and bounds the length.
enum DisplayText {
    /// One line: newlines, U+2028/U+2029 and tabs become spaces; at most `limit` scalars (then `…`).
    static func line(_ text: String, limit: Int = 300) -> String {
        clean(text, keepNewlines: false, limit: limit)
    }

    /// Several lines (newlines kept as `\n`); at most `limit` scalars (then `…`).
    static func block(_ text: String, limit: Int = 4000) -> String {
        clean(text, keepNewlines: true, limit: limit)
    }

    private static func clean(_ text: String, keepNewlines: Bool, limit: Int) -> String {
        // Printable ASCII within the limit needs no change: test keys, names and most messages
        // are returned as they are, not rebuilt scalar by scalar.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(min(text.utf8.count, limit * 4) + 3)
        var count = 0
        var previousWasCR = false
        func append(_ scalar: Unicode.Scalar) { out.appendUTF8(scalar) }
        for scalar in text.unicodeScalars {
            if count >= limit {
                append("…")
                break
            }
            let value = scalar.value
            if value == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = value == 0x0D
            switch value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                append(keepNewlines ? "\n" : " ")
            case 0x09:
                append(" ")
            case 0x00..<0x20, 0x7F..<0xA0, 0x200B...0x200F, 0x061C, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF:
                for byte in "\\u{\(String(value, radix: 16, uppercase: true))}".utf8 { out.append(byte) }
            default:
                append(scalar)
            }
            count += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
