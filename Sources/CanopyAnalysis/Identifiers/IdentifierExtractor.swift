import CanopyModel
import Foundation

/// Finds element mentions in failure messages, details and captured output (`docs/input-formats.md`,
/// "XCUITest failure wordings"):
/// `"X" IN identifiers`, `identifier == "X"` (NSPredicate, with `AND`/`OR` and `[c]` modifiers),
/// `identifier: 'X'`, A11yUITests `Identifier: "X" Button` and `Label: "X" Button`,
/// `Failed to tap "X" Button` and activity lines `Tap "X" Button`.
///
/// A hand-written byte scanner rather than regular expressions: it runs over the captured output
/// of every failing attempt, and a large report has thousands.
package enum IdentifierExtractor {
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    /// The distinct mentions in `text`, in order of first appearance; a text named both ways keeps
    /// the strongest kind (identifier, then label, then name) and any element type seen.
    ///
    /// The elements listed in a query's `from input {( … )}` are what it searched, not what it
    /// looked for: they are not mentions.
    package static func references(in text: String) -> [ExtractedReference] {
        // The string's own UTF-8 storage when it has one, so captured output is not copied into
        // an array first.
        var text = text
        return text.withUTF8 { references(in: $0, targetsFirst: false) }
    }

    /// The mentions of a failure message in the order they may be its target: as `references`,
    /// except that the steps of a query's `match sequence` come last step first. The sequence of
    /// `app.tables["Feed"].cells["Podcast-42-row"]` ends at the step that found nothing.
    package static func targets(in text: String) -> [ExtractedReference] {
        var text = text
        return text.withUTF8 { references(in: $0, targetsFirst: true) }
    }

    private static func references(in bytes: UnsafeBufferPointer<UInt8>, targetsFirst: Bool) -> [ExtractedReference] {
        var found: [ExtractedReference] = []
        guard let base = bytes.baseAddress else { return [] }
        // The next quote of each kind, found with `memchr` (most of a log is between quotes).
        func next(_ quote: UInt8, from start: Int) -> Int {
            guard start < bytes.count, let hit = memchr(base + start, Int32(quote), bytes.count - start) else {
                return bytes.count
            }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        let inputs = inputLists(in: bytes)
        var nextInput = 0
        // The match sequence's line (its steps, for `targetsFirst`), and where they are in `found`.
        let sequence = targetsFirst ? matchSequence(in: bytes) : nil
        var steps: Range<Int>?
        var nextDouble = next(doubleQuote, from: 0)
        var nextSingle = next(singleQuote, from: 0)
        var position = 0
        while position < bytes.count {
            if nextDouble < position { nextDouble = next(doubleQuote, from: position) }
            if nextSingle < position { nextSingle = next(singleQuote, from: position) }
            position = min(nextDouble, nextSingle)
            guard position < bytes.count else { break }
            while nextInput < inputs.count, inputs[nextInput].upperBound <= position { nextInput += 1 }
            if nextInput < inputs.count, inputs[nextInput].contains(position) {
                position = inputs[nextInput].upperBound
                continue
            }
            let quote = bytes[position]
            var close = position + 1
            while close < bytes.count, bytes[close] != quote, bytes[close] != newline, close - position < 512 {
                close += 1
            }
            guard close < bytes.count, bytes[close] == quote, close > position + 1,
                let reference = classify(bytes, open: position, close: close)
            else {
                position += 1
                continue
            }
            if let sequence, sequence.contains(position) {
                steps = (steps?.lowerBound ?? found.count)..<(found.count + 1)
            }
            found.append(reference)
            position = close + 1
        }
        if let steps { found[steps].reverse() }
        return merge(found)
    }

    /// The byte range of a query's `match sequence: …` to the end of its line.
    private static func matchSequence(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let start = find("match sequence:", in: bytes, from: 0) else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != newline { end += 1 }
        return start..<end
    }

    /// The byte ranges of `input {( … )}` lists (to the end of the text when one is not closed).
    private static func inputLists(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var lists: [Range<Int>] = []
        var from = 0
        // Found by their `{(` (memchr on `{`, rare in a log; `i` of "input" is not).
        while let brace = find("{(", in: bytes, from: from) {
            from = brace + 2
            guard brace >= 6, startsWith(bytes, at: brace - 6, "input ") else { continue }
            let end = find(")}", in: bytes, from: from).map { $0 + 2 } ?? bytes.count
            lists.append((brace - 6)..<end)
            from = end
        }
        return lists
    }

    /// The offset of the first `needle` at or after `from`.
    private static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let first = Int32(needle.utf8Start[0])
        var start = from
        while start < bytes.count, let hit = memchr(base + start, first, bytes.count - start) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if startsWith(bytes, at: offset, needle) { return offset }
            start = offset + 1
        }
        return nil
    }

    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, open: Int, close: Int) -> ExtractedReference? {
        let content = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
        if isBlank(content) { return nil }
        let text = String(decoding: content, as: UTF8.self)
        if startsWith(bytes, at: close + 1, " IN identifiers") {
            return ExtractedReference(text: text, kind: .identifier)
        }
        // `Invalid query - string identifier '…' exceeds maximum length of 128 characters`.
        if open >= 18, startsWith(bytes, at: open - 18, "string identifier ") {
            return ExtractedReference(text: text, kind: .identifier)
        }
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

    /// Whether quoted content is empty or whitespace only; ASCII without Unicode tables.
    private static func isBlank(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in content {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if !(byte == space || (byte >= 0x09 && byte <= 0x0D)) { return false }
        }
        return ascii || String(decoding: content, as: UTF8.self).allSatisfy(\.isWhitespace)
    }

    /// The lowercased word before `identifier == `, `identifier ==[c] `, `Identifier: `, if any.
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>, before open: Int) -> String? {
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
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)...index]), as: UTF8.self).lowercased()
    }

    /// The element type named by up to three words after a closing quote (`Button`, `Text Field`).
    ///
    /// The words are ASCII letters, so they are joined and lowercased as bytes; the longest run of
    /// words that names a type wins. No string is built for a run longer than any type name.
    private static func elementType(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> String? {
        var ends: (Int, Int, Int) = (0, 0, 0)
        var starts: (Int, Int, Int) = (0, 0, 0)
        var count = 0
        var position = index
        while count < 3, position < bytes.count, bytes[position] == space {
            var end = position + 1
            while end < bytes.count, isLetter(bytes[end]) { end += 1 }
            guard end > position + 1 else { break }
            switch count {
            case 0: (starts.0, ends.0) = (position + 1, end)
            case 1: (starts.1, ends.1) = (position + 1, end)
            default: (starts.2, ends.2) = (position + 1, end)
            }
            count += 1
            position = end
        }
        // XCUITest names element types capitalised (`Button`, `Text Field`): a lowercase word
        // after a quote is prose (`"session_token" key missing`).
        guard count > 0, bytes[starts.0] >= 65, bytes[starts.0] <= 90 else { return nil }
        for words in stride(from: count, through: 1, by: -1) {
            let ranges = [(starts.0, ends.0), (starts.1, ends.1), (starts.2, ends.2)].prefix(words)
            let length = ranges.reduce(0) { $0 + $1.1 - $1.0 }
            guard length <= ElementTypeWords.longestKey else { continue }
            let key = String(unsafeUninitializedCapacity: length) { buffer in
                var offset = 0
                for (start, end) in ranges {
                    for byte in bytes[start..<end] {
                        buffer[offset] = ByteText.lowercased(byte)
                        offset += 1
                    }
                }
                return offset
            }
            if let name = ElementTypeWords.caseNames[key] { return name }
        }
        return nil
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
        return true
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

    /// Collapses repeats of one text, in order of first appearance. A linear search while the list
    /// is short (an output names a handful of elements); a dictionary past that.
    private static func merge(_ found: [ExtractedReference]) -> [ExtractedReference] {
        var merged: [ExtractedReference] = []
        var position: [String: Int] = [:]
        for reference in found {
            let existing: Int?
            if merged.count < 16 {
                existing = merged.firstIndex { $0.text == reference.text }
            } else {
                if position.isEmpty { for (index, item) in merged.enumerated() { position[item.text] = index } }
                existing = position[reference.text]
            }
            guard let index = existing else {
                if !position.isEmpty { position[reference.text] = merged.count }
                merged.append(reference)
                continue
            }
            if rank(reference.kind) > rank(merged[index].kind) { merged[index].kind = reference.kind }
            if merged[index].elementType == nil { merged[index].elementType = reference.elementType }
        }
        return merged
    }
}
