/// A place in a source or input file. Line and column are 1-based.
package struct SourceLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var column: Int?

    package init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, omitting what is unknown.
    package var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let line = line, line > 0, let column { text += ":\(column)" }
        return text
    }
}
