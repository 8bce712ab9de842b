/// Finds element mentions in failure messages, details and captured output (FORMATS.md §5):
/// `"X" IN identifiers`, `identifier == "X"` (NSPredicate, with `AND`/`OR` and `[c]` modifiers),
/// `identifier: 'X'`, A11yUITests `Identifier: "X" Button` and `Label: "X" Button`,
/// `Failed to tap "X" Button` and activity lines `Tap "X" Button`.
///
/// A hand-written byte scanner rather than regular expressions: it runs over the captured output
/// of every failing attempt (up to 16 KiB each, ~9k attempts in the 100 MB bench).
public enum IdentifierExtractor {
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    /// The distinct mentions in `text`, in order of first appearance; a text named both ways keeps
    /// the strongest kind (identifier, then label, then name) and any element type seen.
    public static func references(in text: String) -> [ExtractedReference] {
        let bytes = Array(text.utf8)
        var found: [ExtractedReference] = []
        var position = 0
        while position < bytes.count {
            let quote = bytes[position]
            guard quote == doubleQuote || quote == singleQuote else {
                position += 1
                continue
            }
            var close = position + 1
            while close < bytes.count, bytes[close] != quote, bytes[close] != newline, close - position < 512 { close += 1 }
            guard close < bytes.count, bytes[close] == quote, close > position + 1,
                let reference = classify(bytes, open: position, close: close)
            else {
                position += 1
                continue
            }
            found.append(reference)
            position = close + 1
        }
        return merge(found)
    }

    private static func classify(_ bytes: [UInt8], open: Int, close: Int) -> ExtractedReference? {
        let text = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
        if text.allSatisfy(\.isWhitespace) { return nil }
        if startsWith(bytes, at: close + 1, " IN identifiers") { return ExtractedReference(text: text, kind: .identifier) }
        let type = elementType(bytes, after: close + 1)
        if let word = keyword(bytes, before: open) {
            switch word {
            case "identifier": return ExtractedReference(text: text, kind: .identifier, elementType: type)
            case "label": return ExtractedReference(text: text, kind: .label, elementType: type)
            default: return nil
            }
        }
        guard let type else { return nil }
        return ExtractedReference(text: text, kind: .name, elementType: type)
    }

    /// The lowercased word before `identifier == `, `identifier ==[c] `, `Identifier: `, if any.
    private static func keyword(_ bytes: [UInt8], before open: Int) -> String? {
        var index = open - 1
        while index >= 0, bytes[index] == space { index -= 1 }
        guard index >= 0 else { return nil }
        if bytes[index] == UInt8(ascii: "]") {
            while index >= 0, bytes[index] != UInt8(ascii: "[") { index -= 1 }
            index -= 1
        }
        guard index >= 1 else { return nil }
        if bytes[index] == UInt8(ascii: ":") {
            index -= 1
        } else if bytes[index] == UInt8(ascii: "="), bytes[index - 1] == UInt8(ascii: "=") {
            index -= 2
        } else {
            return nil
        }
        while index >= 0, bytes[index] == space { index -= 1 }
        var start = index
        while start >= 0, isLetter(bytes[start]) { start -= 1 }
        guard start < index else { return nil }
        return String(decoding: bytes[(start + 1)...index], as: UTF8.self).lowercased()
    }

    /// The element type named by up to three words after a closing quote (`Button`, `Text Field`).
    private static func elementType(_ bytes: [UInt8], after index: Int) -> String? {
        var words: [String] = []
        var position = index
        while words.count < 3, position < bytes.count, bytes[position] == space {
            var end = position + 1
            while end < bytes.count, isLetter(bytes[end]) { end += 1 }
            guard end > position + 1 else { break }
            words.append(String(decoding: bytes[(position + 1)..<end], as: UTF8.self))
            position = end
        }
        for count in stride(from: words.count, through: 1, by: -1) {
            if let name = ElementTypeName.caseName(words.prefix(count).joined()) { return name }
        }
        return nil
    }

    private static func startsWith(_ bytes: [UInt8], at index: Int, _ prefix: String) -> Bool {
        let expected = Array(prefix.utf8)
        guard index + expected.count <= bytes.count else { return false }
        return bytes[index..<(index + expected.count)].elementsEqual(expected)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    private static func rank(_ kind: ReferenceKind) -> Int {
        switch kind {
        case .identifier: 2
        case .label: 1
        case .name: 0
        }
    }

    private static func merge(_ found: [ExtractedReference]) -> [ExtractedReference] {
        var order: [String] = []
        var byText: [String: ExtractedReference] = [:]
        for reference in found {
            guard var existing = byText[reference.text] else {
                order.append(reference.text)
                byText[reference.text] = reference
                continue
            }
            if rank(reference.kind) > rank(existing.kind) { existing.kind = reference.kind }
            existing.elementType = existing.elementType ?? reference.elementType
            byText[reference.text] = existing
        }
        return order.compactMap { byText[$0] }
    }
}
