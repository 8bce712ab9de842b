import CanopyModel

/// A parser for one input format.
package protocol ReportParser: Sendable {
    /// The format this parser reads.
    var format: InputFormat { get }
    /// Reads the file at `path`. Throws `ParserError` naming the file and the place it broke.
    func parse(fileAt path: String) throws(ParserError) -> ParsedInput
}
