import Foundation

/// A plain-text table with aligned columns, for terminal output.
package struct TextTable {
    package var header: [String]
    package var rows: [[String]] = []

    package init(header: [String]) {
        self.header = header
    }

    package mutating func add(_ row: [String]) { rows.append(row) }

    package func render(maxColumnWidth: Int = 80) -> String {
        let all = [header] + rows
        var widths = Array(repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = min(maxColumnWidth, max(widths[index], cell.count))
            }
        }
        func line(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                let clipped = cell.count > maxColumnWidth ? String(cell.prefix(maxColumnWidth - 1)) + "…" : cell
                return index == row.count - 1
                    ? clipped : clipped.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        var text = line(header) + "\n"
        text += line(widths.map { String(repeating: "-", count: $0) }) + "\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }
}
