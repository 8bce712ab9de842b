import Foundation

/// Escaping for the HTML dashboard.
enum HTMLText {
    /// Sanitises (one line, bounded) and escapes `text` for an element's content or a quoted attribute.
    static func escape(_ text: String, limit: Int = 300) -> String {
        escapeRaw(DisplayText.line(text, limit: limit))
    }

    /// Sanitises (newlines kept) and escapes `text`, for `<pre>`.
    static func block(_ text: String, limit: Int = 4000) -> String {
        escapeRaw(DisplayText.block(text, limit: limit))
    }

    /// Escapes `& < > " '` without sanitising (for text Canopy itself wrote).
    static func escapeRaw(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `<a href>` for http(s) URLs (opening in a new tab, no referrer); plain escaped text otherwise.
    static func link(_ label: String, url: String?) -> String {
        guard let url, let safe = SafeURL.http(url) else { return escape(label) }
        return "<a href=\"\(escapeRaw(safe))\" rel=\"noopener noreferrer\" target=\"_blank\">\(escape(label))</a>"
    }

    /// JSON for a `<script type="application/json">` element: `<`, `>`, `&`, U+2028 and U+2029 are
    /// written as `\uXXXX`, so `</script>`, `<!--` and `]]>` in data cannot end the element.
    static func scriptJSON(_ value: some Encodable) -> String {
        scriptSafe((try? JSONOutput.bytes(value, pretty: false, escapesSlashes: true)) ?? Array("null".utf8))
    }

    /// JSON bytes made safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes
    /// (valid in JSON strings, the only place they can occur). Byte by byte, not scalar by
    /// scalar: this runs over all of the page's embedded data.
    static func scriptSafe(_ json: [UInt8]) -> String {
        json.withUnsafeBufferPointer { bytes in
            // Runs of bytes that need nothing are copied whole; most of a dashboard's JSON is one run.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 64)
            var runStart = 0
            var index = 0
            func escape(_ scalar: UInt8) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30] as [UInt8])  // \u00
                out.append(hexDigits[Int(scalar >> 4)])
                out.append(hexDigits[Int(scalar & 0xF)])
                index += 1
                runStart = index
            }
            while index < bytes.count {
                switch bytes[index] {
                case 0x3C, 0x3E, 0x26: escape(bytes[index])
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 / U+2029: `\u2028` / `\u2029`.
                    let last: UInt8 = bytes[index + 2] == 0xA8 ? 0x38 : 0x39
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    out.append(contentsOf: [0x5C, 0x75, 0x32, 0x30, 0x32, last] as [UInt8])
                    index += 3
                    runStart = index
                default: index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
