/// Escaping for GitHub-/GitLab-flavoured Markdown.
///
/// Test data is never trusted to be plain text, but only what Markdown, HTML or GitHub's text
/// filters would act on is changed, so the text reads the same raw and rendered: `\`, `` ` ``,
/// `*`, `~`, `$`, `|` and `[` get a backslash; `_` too unless inside a word; `<` before a tag-like
/// character and `&` before an entity-like one become `&lt;` and `&amp;`; at the start, what
/// would begin a block (`#`, `>`, `-`, `+`, `=`, `1.`) is escaped. Outside code, an invisible
/// U+200B follows `@` before a name, `#` before a number and the first `:` of an emoji
/// shortcode, so no one is mentioned and nothing links to an issue. Parentheses, quotes and
/// braces stay as written (`test(s)`). Works inside table cells (`|` never splits a cell) and
/// inside `<code>`.
enum MarkdownText {
    /// Sanitises (one line, bounded) and escapes `text` for inline use.
    static func escape(_ text: String, limit: Int = 300) -> String {
        inline(DisplayText.line(text, limit: limit), inCode: false)
    }

    /// Escaped text in a `<code>` element: GitHub applies no mentions, issue links or emoji
    /// there, so the text is exactly what it was (a test name copies as itself). With `wrap` (a
    /// table cell, where a long name would widen the table past the page) a long name may wrap
    /// after a `.` or `/` (`<wbr>`), never inside a word.
    static func code(_ text: String, limit: Int = 300, wrap: Bool = false) -> String {
        var escaped = inline(DisplayText.line(text, limit: limit), inCode: true)
        if wrap, escaped.utf8.count > wrapLength { escaped = breakable(escaped) }
        return "<code>\(escaped)</code>"
    }

    /// Names longer than this many bytes get wrap opportunities.
    static let wrapLength = 40

    /// `<wbr>` after each `.` and `/` that a letter follows (not inside `18.2`).
    private static func breakable(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if let previous, previous == "." || previous == "/", character.isLetter { out += "<wbr>" }
            out.append(character)
            previous = character
        }
        return out
    }

    private static let zeroWidthSpace: [UInt8] = Array("\u{200B}".utf8)

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    /// Whether `bytes[index...]` (after a `:`) is an emoji shortcode's name and closing `:`.
    private static func isShortcode(_ bytes: [UInt8], after index: Int) -> Bool {
        var end = index
        var digitsOnly = true
        while end < bytes.count,
            isAlphanumeric(bytes[end]) && bytes[end] < 0x80 || bytes[end] == UInt8(ascii: "_")
                || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-")
        {
            if bytes[end] < 0x30 || bytes[end] > 0x39 { digitsOnly = false }
            end += 1
        }
        // `10:30:45` is a time, not `:30:`.
        return end > index && !digitsOnly && end < bytes.count && bytes[end] == UInt8(ascii: ":")
    }

    /// Byte by byte: every character acted on is ASCII, and UTF-8 never uses ASCII bytes inside
    /// a multi-byte sequence.
    private static func inline(_ line: String, inCode: Bool) -> String {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var start = 0
        if !inCode, let first = bytes.first {
            // What would begin a block where the text begins a line (a list item's text).
            if "#>-+=".utf8.contains(first) {
                out += [UInt8(ascii: "\\"), first]
                start = 1
            } else {
                var digits = 0
                while digits < bytes.count, bytes[digits] >= 0x30 && bytes[digits] <= 0x39 { digits += 1 }
                if digits > 0, digits < bytes.count,
                    bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")")
                {
                    out += bytes[0..<digits] + [UInt8(ascii: "\\"), bytes[digits]]
                    start = digits + 1
                }
            }
        }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            let previous = index > 0 ? bytes[index - 1] : nil
            switch byte {
            case UInt8(ascii: "\\"):
                out += next.map(isPunctuation) ?? true ? [byte, byte] : [byte]
            case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "|"),
                UInt8(ascii: "["):
                out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "_"):
                let inWord = previous.map(isAlphanumeric) ?? false && next.map(isAlphanumeric) ?? false
                out += inWord ? [byte] : [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "<"):
                let tagLike =
                    next.map {
                        isAlphanumeric($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "!")
                            || $0 == UInt8(ascii: "?")
                    } ?? false
                out += tagLike ? Array("&lt;".utf8) : [byte]
            case UInt8(ascii: "&"):
                let entityLike = next.map { isAlphanumeric($0) || $0 == UInt8(ascii: "#") } ?? false
                out += entityLike ? Array("&amp;".utf8) : [byte]
            case UInt8(ascii: "@") where !inCode:
                out.append(byte)
                if let next, isAlphanumeric(next), !(previous.map(isAlphanumeric) ?? false) { out += zeroWidthSpace }
            case UInt8(ascii: "#") where !inCode:
                out.append(byte)
                if let next, next >= 0x30 && next <= 0x39 { out += zeroWidthSpace }
            case UInt8(ascii: ":") where !inCode:
                out.append(byte)
                if isShortcode(bytes, after: index + 1) { out += zeroWidthSpace }
            default:
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
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
