import CanopyModel
import Foundation

/// Reads Canopy's audit JSON (`Config/schemas/audit.schema.json`): `XCUIAccessibilityAuditIssue`s
/// exported from `performAccessibilityAudit`'s handler as
/// `{"screen", "test", "issues": [{"auditType", "compactDescription", "detailedDescription", "element"}]}`,
/// a list of such objects, or a bare array of issues.
package struct AuditJSONParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .auditJSON }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        var reader = AuditIssueReader(path: path, origin: .auditFile)
        switch root {
        case .object:
            try read(root, jsonPath: "$", into: &reader)
        case .array(let entries):
            for (index, entry) in entries.enumerated() {
                if entry["issues"] != nil {
                    try read(entry, jsonPath: "$[\(index)]", into: &reader)
                } else {
                    reader.read(entry, jsonPath: "$[\(index)]", screen: nil, test: nil)
                }
            }
        default:
            throw .invalidValue(
                path: path, jsonPath: "$", message: "expected an object with \"issues\", found \(root.typeName)")
        }
        let file = InputFile(path: path, format: .auditJSON, bytes: bytes)
        return ParsedInput(file: file, auditIssues: reader.issues, diagnostics: reader.diagnostics)
    }

    private func read(_ document: JSONValue, jsonPath: String, into reader: inout AuditIssueReader) throws(ParserError)
    {
        let key = document["issues"] != nil ? "issues" : "auditIssues"
        guard let issues = document[key]?.array else {
            throw .invalidValue(
                path: reader.path, jsonPath: "\(jsonPath).issues", message: "expected an array of audit issues")
        }
        let screen = document["screen"]?.text
        let test = document["test"]?.text
        for (index, issue) in issues.enumerated() {
            reader.read(issue, jsonPath: "\(jsonPath).\(key)[\(index)]", screen: screen, test: test)
        }
    }
}
