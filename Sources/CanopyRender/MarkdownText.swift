/// Escaping for GitHub-/GitLab-flavoured Markdown.
///
/// Test data is never trusted to be plain text: every character Markdown, HTML, autolinks,
/// mentions (`@team`), issue references (`#12`) or emoji shortcodes could act on is written as a
/// numeric character reference, which renders as the character itself and nothing else. Works
/// inside table cells (`|` never splits a cell) and inside `<code>`.
enum MarkdownText {
    /// Sanitises (one line, bounded) and escapes `text` for inline use.
    /// The ASCII characters `escape` writes as numeric entities, by byte.
    private static let escaped: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for character in "&<>\"'|`*_[](){}#!~\\@:$".utf8 { table[Int(character)] = true }
        return table
    }()

    static func escape(_ text: String, limit: Int = 300) -> String {
        // Byte by byte: every character escaped is ASCII, and UTF-8 never uses ASCII bytes inside
        // a multi-byte sequence.
        let line = DisplayText.line(text, limit: limit)
        var out: [UInt8] = []
        out.reserveCapacity(line.utf8.count + 16)
        for byte in line.utf8 {
            if byte < 0x80, escaped[Int(byte)] {
                out.append(contentsOf: [UInt8(ascii: "&"), UInt8(ascii: "#")])
                out.append(contentsOf: String(byte).utf8)
                out.append(UInt8(ascii: ";"))
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Escaped text in a `<code>` element (entities are decoded there, emphasis is not applied).
    static func code(_ text: String, limit: Int = 300) -> String {
        "<code>\(escape(text, limit: limit))</code>"
    }

    /// A link when `url` is http(s), otherwise the escaped label alone.
    static func link(_ label: String, url: String?) -> String {
        guard let url, let safe = SafeURL.http(url) else { return escape(label) }
        return "[\(escape(label))](\(percentEncodeForMarkdown(safe)))"
    }

    /// Parentheses, spaces and angle brackets would end or break a Markdown link destination.
    private static func percentEncodeForMarkdown(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "(", ")", " ", "<", ">", "\\", "`", "|", "\"", "'", "*", "_", "[", "]":
                out += "%" + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
