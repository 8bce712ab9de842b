/// A Markdown table that fits GitHub's page width: while it could not be laid out within
/// `MarkdownTable.width` characters (its columns at their narrowest), its least important column
/// is left out.
struct MarkdownTable {
    struct Column {
        var header: String
        /// `---:` for numbers.
        var alignRight = false
        /// Higher is kept longer; the lowest goes first.
        var priority: Int
    }

    /// Characters of a table GitHub's page shows without scrolling (about 900 px of 14 px text).
    static let width = 120

    var columns: [Column]
    /// Each row's rendered cells, one per column.
    var rows: [[String]]

    /// The indices of the columns kept, in their order.
    var kept: [Int] {
        var kept = Array(columns.indices)
        let widths = columns.indices.map { column in
            rows.reduce(Self.visibleWidth(columns[column].header)) { max($0, Self.visibleWidth($1[column])) }
        }
        func total() -> Int { kept.reduce(1) { $0 + widths[$1] + 3 } }
        while total() > Self.width, kept.count > 2,
            let least = kept.min(by: { columns[$0].priority < columns[$1].priority })
        {
            kept.removeAll { $0 == least }
        }
        return kept
    }

    /// The header and separator lines, and one line per row, of the kept columns.
    func render() -> (head: String, rows: [String]) {
        let kept = kept
        let head =
            "| " + kept.map { columns[$0].header }.joined(separator: " | ") + " |\n|"
            + kept.map { columns[$0].alignRight ? "---:|" : "---|" }.joined() + "\n"
        return (head, rows.map { row in "| " + kept.map { row[$0] }.joined(separator: " | ") + " |\n" })
    }

    /// The narrowest a cell can get, as a browser lays out the table: its longest piece that cannot
    /// wrap (between spaces and `<wbr>`), tags left out and an entity one character. One pass over
    /// the cell's characters: it runs for every cell of tables thousands of rows long.
    static func visibleWidth(_ cell: String) -> Int {
        var widest = 0
        var width = 0
        var inTag = false
        var inEntity = false
        var index = cell.startIndex
        func endPiece() {
            widest = max(widest, width)
            (width, inTag, inEntity) = (0, false, false)
        }
        while index < cell.endIndex {
            let character = cell[index]
            if character == "<", cell[index...].hasPrefix("<wbr>") {
                endPiece()
                index = cell.index(index, offsetBy: 5)
                continue
            }
            switch character {
            case " ": endPiece()
            case "<": inTag = true
            case ">" where inTag: inTag = false
            case _ where inTag: break
            case "&":
                inEntity = true
                width += 1
            case ";" where inEntity: inEntity = false
            case _ where inEntity: break
            default: width += 1
            }
            index = cell.index(after: index)
        }
        endPiece()
        return widest
    }
}
