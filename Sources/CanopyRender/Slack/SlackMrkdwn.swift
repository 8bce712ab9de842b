import Foundation

/// Text for Slack's mrkdwn: test data is made displayable (`DisplayText`), then `&`, `<` and `>`
/// become `&amp;`, `&lt;` and `&gt;`, as Slack requires, so no test name can form a link or a
/// mention (`<!channel>`). Every function bounds its result in UTF-16 code units, escapes
/// included, and never cuts an escape in two.
enum SlackMrkdwn {
    /// `text` on one line, escaped, at most `limit` code units (then `…`).
    static func escape(_ text: String, limit: Int = 300) -> String {
        var pieces: [String] = []
        var length = 0
        for character in DisplayText.line(text, limit: limit) {
            let piece: String
            switch character {
            case "&": piece = "&amp;"
            case "<": piece = "&lt;"
            case ">": piece = "&gt;"
            default: piece = String(character)
            }
            pieces.append(piece)
            length += piece.utf16.count
        }
        guard length > limit else { return pieces.joined() }
        var out = ""
        var kept = 0
        for piece in pieces {
            let size = piece.utf16.count
            if kept + size > limit - 1 { break }
            out += piece
            kept += size
        }
        return out + "…"
    }

    /// `text` in a code span: escaped as `escape`, its backticks shown as `ˋ` (they would end it).
    static func code(_ text: String, limit: Int = 200) -> String {
        "`" + escape(text.replacingOccurrences(of: "`", with: "ˋ"), limit: limit - 2) + "`"
    }

    /// `<url|label>` when `url` is http(s), else the label alone. The URL's `<`, `>` and `|` are
    /// percent-encoded and its `&` escaped; `label` is escaped here.
    static func link(_ label: String, url: String?) -> String {
        let escaped = escape(label, limit: 200)
        guard let url = url.flatMap(SafeURL.http) else { return escaped }
        let safe =
            url.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "%3C")
            .replacingOccurrences(of: ">", with: "%3E").replacingOccurrences(of: "|", with: "%7C")
        return "<\(safe)|\(escaped)>"
    }

    /// `text` cut to at most `limit` code units, ending `…` when cut: at a character boundary, and
    /// in mrkdwn before any escape (`&amp;`) or link (`<url|label>`) the cut would split.
    static func cut(_ text: String, to limit: Int, mrkdwn: Bool = true) -> String {
        guard text.utf16.count > limit else { return text }
        var out = ""
        var length = 0
        for character in text {
            let size = String(character).utf16.count
            if length + size > limit - 1 { break }
            out.append(character)
            length += size
        }
        // An escape (`&amp;`) or a link (`<url|label>`) cut open is dropped whole: in escaped
        // text, `&` only begins an escape of at most 5 characters and `<` only a link.
        if mrkdwn, let amp = out.lastIndex(of: "&"), out.distance(from: amp, to: out.endIndex) < 5,
            !out[amp...].contains(";")
        {
            out = String(out[..<amp])
        }
        if mrkdwn, let open = out.lastIndex(of: "<"), !out[open...].contains(">") { out = String(out[..<open]) }
        return out + "…"
    }
}
