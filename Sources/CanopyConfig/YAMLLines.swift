import Foundation
import Yams

/// The file as lines of Unicode scalars (Yams counts columns in scalars), each with its own line
/// ending: `text` gives back every byte of a line not edited, LF or CRLF as it was, and no final
/// line break where the file has none.
struct YAMLLines {
    struct Position: Comparable {
        var line: Int
        var column: Int
        static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    var lines: [[Unicode.Scalar]]
    /// Each line's ending (`\n`, `\r\n`, or empty for a last line without one), by line.
    private(set) var endings: [String]
    /// The ending a new line takes: the one most of the file's lines end with (LF on a tie, and in
    /// a file of one line).
    let lineEnd: String
    /// Whether the text breaks lines other than with LF or CRLF, which YAML counts as line breaks
    /// too: the lines here would not be the lines Yams' positions count.
    let hasOtherBreaks: Bool

    init(_ text: String) {
        var lines: [[Unicode.Scalar]] = []
        var endings: [String] = []
        var current: [Unicode.Scalar] = []
        var crlf = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if current.last == "\r" {
                    current.removeLast()
                    endings.append("\r\n")
                    crlf += 1
                } else {
                    endings.append("\n")
                }
                lines.append(current)
                current = []
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty {
            lines.append(current)
            endings.append("")
        }
        self.lines = lines
        self.endings = endings
        hasOtherBreaks = lines.contains { $0.contains { ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) } }
        lineEnd = crlf * 2 > endings.count - (endings.last == "" ? 1 : 0) ? "\r\n" : "\n"
    }

    /// The lines with their endings. Gathered as UTF-8 in one buffer, in time linear in the
    /// file's size (appending to a `String.UnicodeScalarView` line by line is not).
    var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count } + 2 * lines.count)
        for (line, ending) in zip(lines, endings) {
            for scalar in line { UTF8.encode(scalar) { bytes.append($0) } }
            bytes.append(contentsOf: ending.utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }

    /// Adds lines at the end of the file. A file without a final line break keeps none: the old
    /// last line gets the break that separates it from the new ones.
    mutating func appendLines(_ new: [String]) {
        insertLines(new, after: lines.count - 1)
    }

    /// Inserts lines after `line` (-1: before the first), each ending in `lineEnd`; inserted after
    /// a last line without a line break, the last new line goes without one instead.
    mutating func insertLines(_ new: [String], after line: Int) {
        guard !new.isEmpty else { return }
        var newEndings = Array(repeating: lineEnd, count: new.count)
        if line >= 0, line == lines.count - 1, endings[line].isEmpty {
            endings[line] = lineEnd
            newEndings[new.count - 1] = ""
        }
        lines.insert(contentsOf: new.map { Array($0.unicodeScalars) }, at: line + 1)
        endings.insert(contentsOf: newEndings, at: line + 1)
    }

    /// Removes the lines in `range`. When they include the last line and it has no line break,
    /// the line that becomes last loses its break: the file still ends without one.
    mutating func removeLines(_ range: ClosedRange<Int>) {
        let endedWithout = range.upperBound == lines.count - 1 && endings[range.upperBound].isEmpty
        lines.removeSubrange(range)
        endings.removeSubrange(range)
        if endedWithout, !endings.isEmpty { endings[endings.count - 1] = "" }
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
