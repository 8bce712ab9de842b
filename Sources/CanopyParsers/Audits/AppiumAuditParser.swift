import CanopyModel
import Foundation

/// Reads Appium WebDriverAgent's accessibility audit response: an array of
/// `{detailedDescription, compactDescription, auditType, element, elementDescription, elementAttributes}`
/// or the same wrapped as `{"value": […]}` (the raw WebDriver response).
package struct AppiumAuditParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .appiumAudit }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        let items: [JSONValue]
        let prefix: String
        if let list = root.array {
            items = list
            prefix = "$"
        } else if let list = root["value"]?.array {
            items = list
            prefix = "$.value"
        } else {
            throw .invalidValue(
                path: path, jsonPath: "$", message: "expected an array of audit issues or {\"value\": [...]}")
        }
        var reader = AuditIssueReader(path: path, origin: .appium)
        for (index, item) in items.enumerated() {
            reader.read(item, jsonPath: "\(prefix)[\(index)]", screen: nil, test: nil)
        }
        let file = InputFile(path: path, format: .appiumAudit, producer: "appium-wda", bytes: bytes)
        return ParsedInput(file: file, auditIssues: reader.issues, diagnostics: reader.diagnostics)
    }
}
