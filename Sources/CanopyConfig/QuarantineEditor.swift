import Foundation
import Yams

/// Adds or updates one `quarantine:` entry in the text of a canopy.yml, changing nothing else:
/// comments, blank lines, key order and quoting stay as they are (Yams re-emits a document
/// without them, so the entry is written into the text instead).
///
/// An entry naming the same `test` (or the same `identifier` and `auditType`) as existing ones
/// updates every such entry's `reason`, `expires` and `owner` in place (the loader accepts two
/// entries for one test, and an update of only one would leave the other's old day and reason in
/// force or in reports); otherwise the entry is appended
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
        case removed
    }

    package struct Result: Sendable {
        package var text: String
        package var change: Change
        /// The entries added or updated, as read back from `text` with their locations, in the
        /// file's order: one when added, every entry for the test when updated.
        package var entries: [QuarantineEntry]

        /// The first entry added or updated.
        package var entry: QuarantineEntry { entries[0] }
    }

    /// - Parameters:
    ///   - text: the file's text; it must load with `ConfigurationLoader` (its error is thrown).
    ///   - file: the file's path, for errors and the entry's location.
    ///   - entry: a `test` or an `identifier` entry, with what to set.
    package static func edit(_ text: String, file: String, entry: QuarantineEntry) throws -> Result {
        let before = try ConfigurationLoader.parse(text, file: file)
        var document = YAMLLines(text)
        guard !document.hasOtherBreaks else {
            throw refused(
                "the file breaks lines with CR, NEL or U+2028/U+2029, not LF or CRLF", file: file, entry: entry)
        }
        let root = try Yams.compose(yaml: text)
        let indices = before.quarantine.indices.filter { same(before.quarantine[$0], entry) }
        var expected = before.quarantine
        for index in indices {
            var updated = expected[index]
            updated.reason = entry.reason ?? updated.reason
            updated.expires = entry.expires ?? updated.expires
            updated.owner = entry.owner ?? updated.owner
            expected[index] = updated
        }
        if indices.isEmpty { expected.append(entry) }
        do {
            try apply(entry, replacing: indices.map { ($0, expected[$0]) }, root: root, to: &document)
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
        let positions = indices.isEmpty ? [after.quarantine.count - 1] : indices
        return Result(
            text: edited, change: indices.isEmpty ? .added : .updated, entries: positions.map { after.quarantine[$0] })
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
    struct Refusal: Error {
        var reason: String
    }

    static func refused(_ reason: String, file: String, entry: QuarantineEntry) -> ConfigurationError {
        ConfigurationError(
            file: file, keyPath: "quarantine",
            message:
                "cannot edit the file safely: \(reason); the file is unchanged. Add the entry by hand:\n"
                + blockItem(entry).joined(separator: "\n"))
    }

    static func same(_ a: QuarantineEntry, _ b: QuarantineEntry) -> Bool {
        if let test = b.test { return a.test == test && a.identifier == nil }
        return a.test == nil && a.identifier == b.identifier && a.auditType == b.auditType
    }

    static func withoutLocation(_ entry: QuarantineEntry) -> QuarantineEntry {
        var entry = entry
        entry.location = nil
        return entry
    }

    /// The document without its `quarantine` key: what the edit must leave as it was.
    static func rest(of node: Node?) -> Node? {
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
        _ entry: QuarantineEntry, replacing updates: [(index: Int, entry: QuarantineEntry)], root: Node?,
        to document: inout YAMLLines
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
            } else if !updates.isEmpty {
                // From the last entry up, so that the positions of those before stay valid.
                for update in updates.reversed() {
                    try self.update(sequence[update.index], to: update.entry, in: &document, flowList: true)
                }
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
            if !updates.isEmpty {
                for update in updates.reversed() {
                    try self.update(sequence[update.index], to: update.entry, in: &document, flowList: false)
                }
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
    private static func update(_ item: Node, to entry: QuarantineEntry, in document: inout YAMLLines, flowList: Bool)
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

    static func mark(_ node: Node) throws -> Mark {
        guard let mark = node.mark else { throw Refusal(reason: "the YAML reader gave no position") }
        return mark
    }
}
