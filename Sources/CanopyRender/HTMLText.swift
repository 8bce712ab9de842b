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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        var out = ""
        out.reserveCapacity(json.utf8.count + 64)
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0x3C: out += "\\u003c"
            case 0x3E: out += "\\u003e"
            case 0x26: out += "\\u0026"
            case 0x2028: out += "\\u2028"
            case 0x2029: out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
