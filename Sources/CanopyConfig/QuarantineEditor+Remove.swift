import Yams

extension QuarantineEditor {
    /// Removes every `quarantine:` entry covering the same test (or the same `identifier` and
    /// `auditType`) as `entry` from the text, changing nothing else: a block entry's lines go (its
    /// comments inside it with them), a `{ … }` in a flow list goes with its comma. A list left
    /// without entries stays as its key (`quarantine:`, or `[]`), which loads as no entries.
    ///
    /// As with `edit`, the result is read back: it must load, hold the old entries less the
    /// removed ones and be otherwise the same document, or the edit is refused.
    /// - Returns: the removed entries as they were read from `text`, with their locations.
    package static func remove(_ text: String, file: String, covering entry: QuarantineEntry) throws -> Result {
        let before = try ConfigurationLoader.parse(text, file: file)
        let indices = before.quarantine.indices.filter { same(before.quarantine[$0], entry) }
        guard !indices.isEmpty else {
            throw ConfigurationError(
                file: file, keyPath: "quarantine",
                message:
                    "no entry covers \(entry.test.map { "the test '\($0)'" } ?? "the identifier '\(entry.identifier ?? "")'")\(entry.auditType.map { " (auditType \($0))" } ?? ""); the file is unchanged. `canopy quarantine list` shows the entries"
            )
        }
        var document = YAMLLines(text)
        let root = try Yams.compose(yaml: text)
        do {
            guard !document.hasOtherBreaks else {
                throw Refusal(reason: "the file breaks lines with CR, NEL or U+2028/U+2029, not LF or CRLF")
            }
            guard case .mapping(let mapping)? = root,
                let list = mapping.first(where: { $0.key.string == "quarantine" })?.value,
                case .sequence(let sequence) = list
            else { throw Refusal(reason: "'quarantine' is not a list") }
            let flowList = list.mark.map(document.isFlow) == true
            // From the last entry up, so that the positions of those before stay valid.
            for index in indices.reversed() {
                if flowList {
                    try removeFlowItem(sequence[index], from: &document)
                } else {
                    try removeBlockItem(sequence[index], from: &document)
                }
            }
        } catch let refusal as Refusal {
            throw ConfigurationError(
                file: file, keyPath: "quarantine",
                message:
                    "cannot edit the file safely: \(refusal.reason); the file is unchanged. Remove the entry by hand")
        }
        let edited = document.text
        let kept = before.quarantine.indices.filter { !indices.contains($0) }.map { before.quarantine[$0] }
        guard let after = try? ConfigurationLoader.parse(edited, file: file),
            after.quarantine.map(withoutLocation) == kept.map(withoutLocation),
            try rest(of: Yams.compose(yaml: edited)) == rest(of: root)
        else {
            throw ConfigurationError(
                file: file, keyPath: "quarantine",
                message:
                    "cannot edit the file safely: the edit would not read back as the entries removed; the file is unchanged. Remove the entry by hand"
            )
        }
        return Result(text: edited, change: .removed, entries: indices.map { before.quarantine[$0] })
    }

    /// Removes the lines of a block list item: from its `-` to its last line.
    private static func removeBlockItem(_ item: Node, from document: inout YAMLLines) throws {
        let itemMark = try mark(item)
        guard let dash = document.dash(before: itemMark),
            document.lines[dash.line][..<dash.column].allSatisfy({ $0 == " " || $0 == "\t" })
        else { throw Refusal(reason: "the entry does not start its line with '-'") }
        let end = document.endOfBlockItem(startingAt: dash.line, dashColumn: dash.column)
        document.removeLines(dash.line...end)
    }

    /// Removes a `{ … }` item of a flow list written on one line, with the comma after it (or,
    /// for the last item, the comma before it).
    private static func removeFlowItem(_ item: Node, from document: inout YAMLLines) throws {
        let itemMark = try mark(item)
        let start = YAMLLines.Position(line: itemMark.line - 1, column: itemMark.column - 1)
        guard document.isFlow(itemMark), let close = document.closingBracket(line: start.line, column: start.column),
            close.line == start.line
        else { throw Refusal(reason: "the entry is not one { … } on one line") }
        let line = document.lines[start.line]
        var after = close.column + 1
        while after < line.count, line[after] == " " || line[after] == "\t" { after += 1 }
        if after < line.count, line[after] == "," {
            after += 1
            while after < line.count, line[after] == " " || line[after] == "\t" { after += 1 }
            document.replace(line: start.line, from: start.column, to: after, with: "")
            return
        }
        // The last item: the comma before it goes, unless it is the only item.
        if let previous = document.lastSignificant(before: start), document.character(at: previous) == "," {
            guard previous.line == start.line else {
                throw Refusal(reason: "the comma before the entry is on another line")
            }
            document.replace(line: start.line, from: previous.column, to: close.column + 1, with: "")
        } else {
            document.replace(line: start.line, from: start.column, to: close.column + 1, with: "")
        }
    }
}
