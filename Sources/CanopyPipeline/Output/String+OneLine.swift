import CanopyHistory
import Foundation

extension String {
    /// The store location with any password removed, for messages.
    var redactedStore: String { StoreLocation.redact(self) }

    /// The text on one line, for standard output: a line break or other control character from a
    /// test's name or message is written as an escape (`\n`, `\u{1B}`). A name holding
    /// `\n::error …` would otherwise start a line that CI runners read as a workflow command.
    /// So would a line starting, after spaces, with `::` (written `\::`), and `##[` anywhere,
    /// which GitHub's older command parser reads (written `## [`).
    package var oneLine: String {
        var text = escapingControlCharacters
        if text.utf8.contains(UInt8(ascii: "#")), text.contains("##[") {
            text = text.replacingOccurrences(of: "##[", with: "## [")
        }
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        if text[start...].hasPrefix("::") { text.insert("\\", at: start) }
        return text
    }

    private var escapingControlCharacters: String {
        guard utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
