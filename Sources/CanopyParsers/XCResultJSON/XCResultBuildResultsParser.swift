import CanopyModel

/// Reads `xcrun xcresulttool get build-results --format json`. A build that failed (`status`
/// other than succeeded, or any error) ran no test: the file is refused, naming the first error,
/// so the run is never a pass of 0 tests. A build that succeeded holds no test results: it is
/// skipped with a note.
package struct XCResultBuildResultsParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultBuildResults }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard root.object != nil else {
            throw .invalidValue(path: path, jsonPath: "$", message: "expected an object, found \(root.typeName)")
        }
        let errors = root["errors"]?.array ?? []
        let counted = root["errorCount"]?.number.flatMap(InputRange.count) ?? 0
        let status = root["status"]?.text
        let errorCount = max(errors.count, counted)
        let succeeded = status == nil || status?.lowercased() == "succeeded"
        if errorCount > 0 || !succeeded {
            let first = errors.lazy.compactMap { error in
                error["message"]?.text ?? error["issueType"]?.text ?? error.text
            }.first
            let quoted = first.map { "\"\($0.truncatedUTF8(to: XCResultFailureText.messageLimit))\"" }
            throw .invalidValue(
                path: path, jsonPath: first == nil ? "$.status" : "$.errors",
                message: "the build failed: " + (quoted ?? "status \"\(status ?? "")\", no error message given")
                    + (errorCount > 1 ? " (and \(errorCount - 1) more error\(errorCount == 2 ? "" : "s"))" : "")
                    + ". No test ran, so this run has no results: fix the build; this is not a run of 0 tests")
        }
        let note = "build-results JSON: the build succeeded; it holds no test results; skipped"
        let file = InputFile(path: path, format: .xcresultBuildResults, bytes: bytes)
        return ParsedInput(file: file, diagnostics: [Diagnostic(.note, note, file: path)])
    }
}
