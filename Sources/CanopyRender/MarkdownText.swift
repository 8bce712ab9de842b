/// Escaping for GitHub-/GitLab-flavoured Markdown.
///
/// Test data is never trusted to be plain text: every character Markdown, HTML, autolinks,
/// mentions (`@team`), issue references (`#12`) or emoji shortcodes could act on is written as a
/// numeric character reference, which renders as the character itself and nothing else. Works
/// inside table cells (`|` never splits a cell) and inside `<code>`.
enum MarkdownText {
    /// Sanitises (one line, bounded) and escapes `text` for inline use.
    static func escape(_ text: String, limit: Int = 300) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in DisplayText.line(text, limit: limit).unicodeScalars {
            switch scalar {
            case "&", "<", ">", "\"", "'", "|", "`", "*", "_", "[", "]", "(", ")", "{", "}", "#", "!", "~", "\\",
                "@", ":", "$":
                out += "&#\(scalar.value);"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
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
