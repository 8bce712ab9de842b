import Foundation
import Yams

/// Adds or updates one `quarantine:` entry in the text of a canopy.yml, changing nothing else:
/// comments, blank lines, key order and quoting stay as they are (Yams re-emits a document
/// without them, so the entry is written into the text instead).
///
/// An entry naming the same `test` (or the same `identifier` and `auditType`) as an existing one
/// updates that entry's `reason`, `expires` and `owner` in place; otherwise the entry is appended
/// to the list in the list's own style (block or flow). A missing `quarantine:` key is added at
/// the end of the file, and `quarantine: []` or an empty value becomes a block list.
///
/// The edited text is read back before it is returned: unless it loads, holds exactly the
/// expected entries and is otherwise the same document, the edit is refused with an error that
/// shows the entry to add by hand. Nothing is written here.
package enum QuarantineEditor {
    package enum Change: String, Sendable {
        case added
        case updated
    }

    package struct Result: Sendable {
        package var text: String
        package var change: Change
        /// The entry as read back from `text`, with its location.
        package var entry: QuarantineEntry
    }

    /// - Parameters:
    ///   - text: the file's text; it must load with `ConfigurationLoader` (its error is thrown).
    ///   - file: the file's path, for errors and the entry's location.
    ///   - entry: a `test` or an `identifier` entry, with what to set.
    package static func edit(_ text: String, file: String, entry: QuarantineEntry) throws -> Result {
        let before = try ConfigurationLoader.parse(text, file: file)
        var document = Document(text)
        guard !document.hasOtherBreaks else {
            throw refused(
                "the file breaks lines with CR, NEL or U+2028/U+2029, not LF or CRLF", file: file, entry: entry)
        }
        let root = try Yams.compose(yaml: text)
        let index = before.quarantine.firstIndex { same($0, entry) }
        var expected = before.quarantine
        if let index {
            var updated = expected[index]
            updated.reason = entry.reason ?? updated.reason
            updated.expires = entry.expires ?? updated.expires
            updated.owner = entry.owner ?? updated.owner
            expected[index] = updated
        } else {
            expected.append(entry)
        }
        do {
            try apply(
                entry, replacing: index, expected: index.map { expected[$0] }, root: root, to: &document)
        } catch let refusal as Refusal {
            throw refused(refusal.reason, file: file, entry: entry)
        }
        let edited = document.text
        guard let after = try? ConfigurationLoader.parse(edited, file: file),
            after.quarantine.map(withoutLocation) == expected.map(withoutLocation),
            try rest(of: Yams.compose(yaml: edited)) == rest(of: root)
        else {
            throw refused("the edit would not read back as the one entry changed", file: file, entry: entry)
        }
        let position = index ?? (after.quarantine.count - 1)
        return Result(text: edited, change: index == nil ? .added : .updated, entry: after.quarantine[position])
    }

    /// The entry as YAML lines of a block list, for the file or for an error that asks to add it
    /// by hand.
    package static func blockItem(_ entry: QuarantineEntry, dash: Int = 2, keys: Int? = nil) -> [String] {
        let fields = self.fields(entry)
        let keyColumn = max(keys ?? dash + 2, dash + 2)
        return fields.enumerated().map { offset, field in
            let prefix =
                offset == 0
                ? String(repeating: " ", count: dash) + "-" + String(repeating: " ", count: keyColumn - dash - 1)
                : String(repeating: " ", count: keyColumn)
            return prefix + "\(field.key): \(field.value)"
        }
    }

    /// The entry as one flow mapping (`{ test: "…", reason: "…", expires: 2026-12-31 }`).
    static func flowItem(_ entry: QuarantineEntry) -> String {
        "{ " + fields(entry).map { "\($0.key): \($0.value)" }.joined(separator: ", ") + " }"
    }

    /// A string as a double-quoted YAML scalar: any text is safe in it.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A day as `expires` is written (`2026-12-31`, the UTC day of `date`).
    package static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    // MARK: - The edit

    /// Why the text could not be edited safely.
    private struct Refusal: Error {
        var reason: String
    }

    private static func refused(_ reason: String, file: String, entry: QuarantineEntry) -> ConfigurationError {
        ConfigurationError(
            file: file, keyPath: "quarantine",
            message:
                "cannot edit the file safely: \(reason); the file is unchanged. Add the entry by hand:\n"
                + blockItem(entry).joined(separator: "\n"))
    }

    private static func same(_ a: QuarantineEntry, _ b: QuarantineEntry) -> Bool {
        if let test = b.test { return a.test == test && a.identifier == nil }
        return a.test == nil && a.identifier == b.identifier && a.auditType == b.auditType
    }

    private static func withoutLocation(_ entry: QuarantineEntry) -> QuarantineEntry {
        var entry = entry
        entry.location = nil
        return entry
    }

    /// The document without its `quarantine` key: what the edit must leave as it was.
    private static func rest(of node: Node?) -> Node? {
        guard case .mapping(var mapping)? = node else { return node ?? .mapping(Node.Mapping([])) }
        mapping = Node.Mapping(
            mapping.filter { $0.key.string != "quarantine" }.map { ($0.key, $0.value) }, mapping.tag, mapping.style,
            mapping.mark)
        return .mapping(mapping)
    }

    private static func fields(_ entry: QuarantineEntry) -> [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = []
        if let test = entry.test { fields.append(("test", quoted(test))) }
        if let identifier = entry.identifier { fields.append(("identifier", quoted(identifier))) }
        if let type = entry.auditType { fields.append(("auditType", quoted(type))) }
        if let reason = entry.reason { fields.append(("reason", quoted(reason))) }
        if let expires = entry.expires { fields.append(("expires", day(expires))) }
        if let owner = entry.owner { fields.append(("owner", quoted(owner))) }
        return fields
    }

    private static func apply(
        _ entry: QuarantineEntry, replacing index: Int?, expected: QuarantineEntry?, root: Node?,
        to document: inout Document
    ) throws {
        guard case .mapping(let mapping)? = root else {
            // An empty file (or comments only): the list is the document's first key.
            document.appendLines(["quarantine:"] + blockItem(entry))
            return
        }
        if let rootMark = mapping.mark, document.isFlow(rootMark) {
            throw Refusal(reason: "the document is one flow mapping ({ … })")
        }
        guard let pair = mapping.first(where: { $0.key.string == "quarantine" }) else {
            document.appendLines(["", "quarantine:"] + blockItem(entry))
            return
        }
        let keyMark = try mark(pair.key)
        let keyColumn = keyMark.column - 1
        switch pair.value {
        case .scalar:
            // `quarantine:`, `quarantine: ~` or `null`: the value gives way to a block list.
            let line = keyMark.line - 1
            guard let colon = document.colon(afterKeyAt: line, column: keyColumn) else {
                throw Refusal(reason: "the key 'quarantine' is not followed by ':' on its line")
            }
            let (value, comment) = document.valueAndComment(line: line, from: colon + 1)
            guard ["", "~", "null", "Null", "NULL"].contains(value) else {
                throw Refusal(reason: "'quarantine: \(value)' is not an empty list")
            }
            document.replaceLine(
                line, with: document.prefix(line: line, upTo: colon + 1) + (comment.map { " " + $0 } ?? ""))
            document.insertLines(blockItem(entry, dash: keyColumn + 2), after: line)
        case .sequence(let sequence) where pair.value.mark.map(document.isFlow) == true:
            let open = try mark(pair.value)
            guard let close = document.closingBracket(line: open.line - 1, column: open.column - 1) else {
                throw Refusal(reason: "the list's closing ']' was not found")
            }
            if sequence.isEmpty {
                let (rest, comment) = document.valueAndComment(line: close.line, from: close.column + 1)
                guard close.line == open.line - 1, rest.isEmpty else {
                    throw Refusal(reason: "the empty list spans lines or is followed by more on its line")
                }
                let head = document.prefix(line: close.line, upTo: open.column - 1)
                document.replaceLine(
                    close.line,
                    with: String(head.reversed().drop { $0 == " " }.reversed()) + (comment.map { " " + $0 } ?? ""))
                document.insertLines(blockItem(entry, dash: keyColumn + 2), after: close.line)
            } else if let index, let expected {
                try update(sequence[index], to: expected, in: &document, flowList: true)
            } else {
                guard let last = document.lastSignificant(before: close) else {
                    throw Refusal(reason: "the list's last item was not found")
                }
                let trailingComma = document.character(at: last) == ","
                document.insert(
                    trailingComma ? " \(flowItem(entry))," : ", \(flowItem(entry))", line: last.line,
                    column: last.column + 1)
            }
        case .sequence(let sequence):
            if let index, let expected {
                try update(sequence[index], to: expected, in: &document, flowList: false)
                return
            }
            guard let lastItem = sequence.last else { throw Refusal(reason: "the list has no items") }
            let itemMark = try mark(lastItem)
            guard let dash = document.dash(before: itemMark) else {
                throw Refusal(reason: "the list's last item has no '-' before it")
            }
            let end = document.endOfBlockItem(startingAt: dash.line, dashColumn: dash.column)
            if case .mapping = lastItem, document.isFlow(itemMark) {
                document.insertLines(
                    [String(repeating: " ", count: dash.column) + "- " + flowItem(entry)], after: end)
            } else {
                let keys = itemMark.line - 1 == dash.line ? itemMark.column - 1 : dash.column + 2
                document.insertLines(blockItem(entry, dash: dash.column, keys: keys), after: end)
            }
        default:
            throw Refusal(reason: "'quarantine' is not a list")
        }
    }

    /// Sets the `reason`, `expires` and `owner` of an existing entry: a value written on one line
    /// is replaced where it stands, a key the entry lacks is added after its last key.
    private static func update(_ item: Node, to entry: QuarantineEntry, in document: inout Document, flowList: Bool)
        throws
    {
        guard case .mapping(let mapping) = item else { throw Refusal(reason: "the entry is not a mapping") }
        let itemMark = try mark(item)
        let flowMapping = document.isFlow(itemMark)
        let wanted = fields(entry).filter { ["reason", "expires", "owner"].contains($0.key) }
        var missing: [(key: String, value: String)] = []
        // Replacements from the end of the file backwards, so earlier positions stay valid.
        var replacements: [(line: Int, start: Int, end: Int, text: String)] = []
        for field in wanted {
            guard let pair = mapping.first(where: { $0.key.string == field.key }) else {
                missing.append(field)
                continue
            }
            guard case .scalar(let scalar) = pair.value, let valueMark = pair.value.mark else {
                throw Refusal(reason: "the entry's '\(field.key)' is not a single value")
            }
            // `reason:` with no value (or `~`) in a block entry: the value goes after the colon.
            if pair.value.null != nil, !flowMapping, let keyMark = pair.key.mark,
                let colon = document.colon(afterKeyAt: keyMark.line - 1, column: keyMark.column - 1)
            {
                let line = keyMark.line - 1
                let (value, comment) = document.valueAndComment(line: line, from: colon + 1)
                guard ["", "~", "null", "Null", "NULL"].contains(value) else {
                    throw Refusal(reason: "the entry's '\(field.key)' is not a single value")
                }
                // The space before a comment stays as it is.
                var end = comment == nil ? document.lines[line].count : document.commentStart(line: line) ?? colon + 1
                while end > colon + 1, [" ", "\t"].contains(document.lines[line][end - 1]) { end -= 1 }
                if comment != nil, end == colon + 1 {
                    replacements.append((line, end, end, " \(field.value)"))
                } else {
                    replacements.append((line, colon + 1, end, " \(field.value)"))
                }
                continue
            }
            if pair.value.null != nil {
                throw Refusal(reason: "the entry's '\(field.key)' has no value to replace in its { … }")
            }
            guard scalar.style != .literal, scalar.style != .folded,
                !["|", ">"].contains(
                    document.character(at: .init(line: valueMark.line - 1, column: valueMark.column - 1)) ?? "|"),
                let end = document.scalarEnd(
                    line: valueMark.line - 1, column: valueMark.column - 1, flow: flowMapping)
            else {
                throw Refusal(reason: "the entry's '\(field.key)' spreads over lines")
            }
            replacements.append((valueMark.line - 1, valueMark.column - 1, end, field.value))
        }
        if !missing.isEmpty {
            if flowMapping {
                guard let close = document.closingBracket(line: itemMark.line - 1, column: itemMark.column - 1),
                    let last = document.lastSignificant(before: close)
                else { throw Refusal(reason: "the entry's closing '}' was not found") }
                let text = missing.map { ", \($0.key): \($0.value)" }.joined()
                replacements.append((last.line, last.column + 1, last.column + 1, text))
            } else {
                guard !flowList, let dash = document.dash(before: itemMark) else {
                    throw Refusal(reason: "the entry has no '-' before it")
                }
                let end = document.endOfBlockItem(startingAt: dash.line, dashColumn: dash.column)
                let indent = String(repeating: " ", count: itemMark.column - 1)
                document.insertLines(missing.map { indent + "\($0.key): \($0.value)" }, after: end)
            }
        }
        for replacement in replacements.sorted(by: { ($0.line, $0.start) > ($1.line, $1.start) }) {
            document.replace(
                line: replacement.line, from: replacement.start, to: replacement.end, with: replacement.text)
        }
    }

    private static func mark(_ node: Node) throws -> Mark {
        guard let mark = node.mark else { throw Refusal(reason: "the YAML reader gave no position") }
        return mark
    }
}

/// The file as lines of Unicode scalars (Yams counts columns in scalars), with the line ending
/// the file uses.
private struct Document {
    struct Position: Comparable {
        var line: Int
        var column: Int
        static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    var lines: [[Unicode.Scalar]]
    let lineEnd: String
    /// Whether the text breaks lines other than with LF or CRLF, which YAML counts as line breaks
    /// too: the lines here would not be the lines Yams' positions count.
    let hasOtherBreaks: Bool

    init(_ text: String) {
        lineEnd = text.contains("\r\n") ? "\r\n" : "\n"
        var body = text.replacingOccurrences(of: "\r\n", with: "\n")
        hasOtherBreaks = body.unicodeScalars.contains { ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }
        if body.hasSuffix("\n") { body.removeLast() }
        lines =
            body.isEmpty
            ? [] : body.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    }

    var text: String {
        var out = lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: lineEnd)
        if !lines.isEmpty { out += lineEnd }
        return out
    }

    func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }

    mutating func appendLines(_ new: [String]) {
        lines += new.map { Array($0.unicodeScalars) }
    }

    mutating func insertLines(_ new: [String], after line: Int) {
        lines.insert(contentsOf: new.map { Array($0.unicodeScalars) }, at: line + 1)
    }

    mutating func replaceLine(_ line: Int, with text: String) { lines[line] = Array(text.unicodeScalars) }

    mutating func replace(line: Int, from start: Int, to end: Int, with text: String) {
        lines[line].replaceSubrange(start..<end, with: Array(text.unicodeScalars))
    }

    mutating func insert(_ text: String, line: Int, column: Int) {
        replace(line: line, from: column, to: column, with: text)
    }

    func prefix(line: Int, upTo column: Int) -> String { string(lines[line][..<min(column, lines[line].count)]) }

    /// The character at the position, or nil past the end of its line or of the file.
    func character(at position: Position) -> Unicode.Scalar? {
        guard lines.indices.contains(position.line), lines[position.line].indices.contains(position.column) else {
            return nil
        }
        return lines[position.line][position.column]
    }

    /// Whether the collection starting at the mark is written in flow style (`[…]`, `{…}`); the
    /// style Yams reports is not reliable.
    func isFlow(_ mark: Mark) -> Bool {
        let line = mark.line - 1
        let column = mark.column - 1
        guard line >= 0, line < lines.count, column >= 0, column < lines[line].count else { return false }
        return lines[line][column] == "[" || lines[line][column] == "{"
    }

    /// The column just past the ':' after the key starting at `column`, or nil.
    func colon(afterKeyAt line: Int, column: Int) -> Int? {
        guard lines.indices.contains(line) else { return nil }
        let scalars = lines[line]
        var index = column
        guard index < scalars.count else { return nil }
        if scalars[index] == "\"" || scalars[index] == "'" {
            guard let end = quoteEnd(line: line, column: index) else { return nil }
            index = end
        } else {
            while index < scalars.count, scalars[index] != ":", scalars[index] != " " { index += 1 }
        }
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index < scalars.count, scalars[index] == ":" else { return nil }
        return index
    }

    /// What follows `column` on the line, trimmed, and its comment (`# …`) apart.
    func valueAndComment(line: Int, from column: Int) -> (value: String, comment: String?) {
        guard lines.indices.contains(line) else { return ("", nil) }
        let scalars = lines[line]
        guard column <= scalars.count else { return ("", nil) }
        var index = column
        while index < scalars.count {
            if scalars[index] == "#", index == column || scalars[index - 1] == " " || scalars[index - 1] == "\t" {
                let value = string(scalars[column..<index]).trimmingCharacters(in: .whitespaces)
                return (value, string(scalars[index...]))
            }
            index += 1
        }
        return (string(scalars[column...]).trimmingCharacters(in: .whitespaces), nil)
    }

    /// The column past the closing quote of the quoted scalar opening at `column`, on one line.
    func quoteEnd(line: Int, column: Int) -> Int? {
        guard lines.indices.contains(line), lines[line].indices.contains(column) else { return nil }
        let scalars = lines[line]
        let quote = scalars[column]
        var index = column + 1
        while index < scalars.count {
            if quote == "\"", scalars[index] == "\\" {
                index += 2
                continue
            }
            if scalars[index] == quote {
                if quote == "'", index + 1 < scalars.count, scalars[index + 1] == "'" {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The column past the scalar starting at `column` when it ends on its line: a quoted one at
    /// its closing quote, a plain one before a comment, the line's end, or (in a flow mapping) a
    /// ',' or '}'.
    func scalarEnd(line: Int, column: Int, flow: Bool) -> Int? {
        guard lines.indices.contains(line), lines[line].indices.contains(column) else { return nil }
        let scalars = lines[line]
        if scalars[column] == "\"" || scalars[column] == "'" { return quoteEnd(line: line, column: column) }
        var index = column
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "#", index > column, scalars[index - 1] == " " || scalars[index - 1] == "\t" { break }
            if flow, scalar == "," || scalar == "}" || scalar == "]" { break }
            index += 1
        }
        while index > column, scalars[index - 1] == " " || scalars[index - 1] == "\t" || scalars[index - 1] == "\r" {
            index -= 1
        }
        return index > column ? index : nil
    }

    /// The bracket closing the `[` or `{` at the position, across lines, past quoted text and
    /// comments.
    func closingBracket(line: Int, column: Int) -> Position? {
        guard lines.indices.contains(line), column >= 0 else { return nil }
        var depth = 0
        var line = line
        var index = column
        while line < lines.count {
            let scalars = lines[line]
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\"", "'":
                    guard let end = quoteEnd(line: line, column: index) else { return nil }
                    index = end
                    continue
                case "#" where index == 0 || scalars[index - 1] == " " || scalars[index - 1] == "\t":
                    index = scalars.count
                    continue
                case "[", "{": depth += 1
                case "]", "}":
                    depth -= 1
                    if depth == 0 { return Position(line: line, column: index) }
                default: break
                }
                index += 1
            }
            line += 1
            index = 0
        }
        return nil
    }

    /// The last character before `position` that is neither a space nor in a comment.
    func lastSignificant(before position: Position) -> Position? {
        var line = min(position.line, lines.count - 1)
        var limit = position.column
        while line >= 0 {
            let scalars = lines[line]
            // Comments end a line, so only the part before one counts.
            var end = min(limit, scalars.count)
            if let comment = commentStart(line: line), comment < end { end = comment }
            var index = end - 1
            while index >= 0 {
                let scalar = scalars[index]
                if scalar != " " && scalar != "\t" && scalar != "\r" { return Position(line: line, column: index) }
                index -= 1
            }
            line -= 1
            limit = Int.max
        }
        return nil
    }

    /// Where a comment starts on the line, past quoted text.
    func commentStart(line: Int) -> Int? {
        let scalars = lines[line]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" || scalar == "'" {
                guard let end = quoteEnd(line: line, column: index) else { return nil }
                index = end
                continue
            }
            if scalar == "#", index == 0 || scalars[index - 1] == " " || scalars[index - 1] == "\t" { return index }
            index += 1
        }
        return nil
    }

    /// The `-` of the block list item whose content starts at the mark.
    func dash(before mark: Mark) -> Position? {
        var line = mark.line - 1
        guard lines.indices.contains(line) else { return nil }
        var index = min(mark.column - 2, lines[line].count - 1)
        while line >= 0 {
            let scalars = lines[line]
            while index >= 0 {
                let scalar = scalars[index]
                if scalar == "-" { return Position(line: line, column: index) }
                guard scalar == " " || scalar == "\t" else { return nil }
                index -= 1
            }
            line -= 1
            guard line >= 0 else { return nil }
            index = lines[line].count - 1
        }
        return nil
    }

    private func indentation(_ line: Int) -> Int? {
        let scalars = lines[line]
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return nil }
        return scalars[first] == "#" ? nil : first
    }

    /// The last line of the block list item whose `-` is at the position: the last line indented
    /// past the dash before a line that is not (blank lines and comments end nothing).
    func endOfBlockItem(startingAt line: Int, dashColumn: Int) -> Int {
        var end = line
        var next = line + 1
        while next < lines.count {
            if let indent = indentation(next) {
                guard indent > dashColumn else { break }
                end = next
            }
            next += 1
        }
        return end
    }
}
