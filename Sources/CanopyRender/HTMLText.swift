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
    /// (valid in JSON strings, the only place they can occur). Byte by byte: scalar by scalar
    /// was a tenth of `canopy run` on a 90,000-test dashboard.
    static func scriptSafe(_ json: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 64)
        var index = 0
        while index < json.count {
            let byte = json[index]
            switch byte {
            case 0x3C: out.append(contentsOf: Array("\\u003c".utf8))
            case 0x3E: out.append(contentsOf: Array("\\u003e".utf8))
            case 0x26: out.append(contentsOf: Array("\\u0026".utf8))
            case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
                out.append(contentsOf: Array((json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index += 2
            default: out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
