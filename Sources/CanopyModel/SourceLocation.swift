/// A place in a source or input file. Line and column are 1-based.
public struct SourceLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, omitting what is unknown.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let line = line, line > 0, let column { text += ":\(column)" }
        return text
    }
}
