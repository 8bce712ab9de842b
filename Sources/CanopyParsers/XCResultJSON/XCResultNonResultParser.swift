import CanopyModel

/// Reads xcresulttool documents that hold nothing a run keeps (`insights`): recognised by
/// their shape so that a directory of a job's outputs reads cleanly, and skipped with a note
/// naming the kind, never read as a malformed tests document.
package struct XCResultNonResultParser: JSONReportParser {
    package let format: InputFormat

    /// - Parameter format: `.xcresultInsights`.
    package init(format: InputFormat) {
        self.format = format
    }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        let file = InputFile(path: path, format: format, bytes: bytes)
        return ParsedInput(
            file: file,
            diagnostics: [
                Diagnostic(
                    .note,
                    format == .xcresultInsights
                        ? "insights JSON: Xcode's own observations of the run, not test results; skipped"
                        : "\(format.displayName): not test results; skipped",
                    file: path)
            ])
    }
}
