import CanopyModel
import Foundation

/// Turns one serialised `XCUIAccessibilityAuditIssue` (Canopy's or Appium's shape) into an
/// `AuditIssue`, collecting diagnostics for what it cannot read.
struct AuditIssueReader {
    let path: String
    let origin: AuditIssue.Origin
    var issues: [AuditIssue] = []
    var diagnostics: [Diagnostic] = []

    init(path: String, origin: AuditIssue.Origin) {
        self.path = path
        self.origin = origin
    }

    mutating func read(_ value: JSONValue, jsonPath: String, screen: String?, test: String?) {
        guard value.object != nil else {
            diagnostics.append(
                Diagnostic(
                    .warning, "\(jsonPath): expected an audit issue object, found \(value.typeName); skipped",
                    file: path))
            return
        }
        let compact = value["compactDescription"]?.text ?? ""
        let detailed = value["detailedDescription"]?.text
        guard !compact.isEmpty || detailed != nil else {
            diagnostics.append(
                Diagnostic(
                    .warning, "\(jsonPath): an audit issue without compactDescription or detailedDescription; skipped",
                    file: path))
            return
        }
        var auditType = AuditClassifier.auditType(value["auditType"])
        if auditType == nil, let raw = value["auditType"] {
            auditType = raw.text
            diagnostics.append(
                Diagnostic(
                    .note, "\(jsonPath).auditType: unknown audit type \(raw.string ?? raw.typeName); kept as written",
                    file: path))
        }
        let type = auditType ?? AuditClassifier.auditType(compactDescription: compact) ?? "unknown"
        issues.append(
            AuditIssue(
                auditType: type, severity: AuditClassifier.severity(auditType: type, compactDescription: compact),
                compactDescription: compact.isEmpty ? (detailed ?? "") : compact, detailedDescription: detailed,
                element: element(value), screen: value["screen"]?.text ?? screen, test: value["test"]?.text ?? test,
                origin: origin, source: path))
    }

    /// Canopy's `element` object, or Appium's `elementAttributes` (`type`, `rect`, `name`).
    private func element(_ value: JSONValue) -> ElementReference? {
        let attributes = value["elementAttributes"]
        let element = value["element"]?.object != nil ? value["element"] : attributes
        guard let element else {
            if let description = value["elementDescription"]?.text ?? value["element"]?.text {
                return ElementReference(label: description)
            }
            return nil
        }
        var type: String?
        if case .number(let raw)? = element["elementType"] ?? element["type"] {
            type = InputRange.count(raw).flatMap(ElementTypeCaseName.name(rawValue:))
        } else if let text = element["elementType"]?.text ?? element["type"]?.text {
            type = ElementTypeCaseName.name(text: text) ?? text
        }
        let label = element["label"]?.text
        // WebDriverAgent: `rawIdentifier` is the identifier (null when empty); `name` falls back to
        // the label, so it counts only when neither identifier key is present and it differs.
        var identifier = element["identifier"]?.text ?? element["rawIdentifier"]?.text
        if identifier == nil, element["identifier"] == nil, element["rawIdentifier"] == nil,
            let name = element["name"]?.text,
            name != label
        {
            identifier = name
        }
        let frame = SnapshotElementDecoder.frame(element["frame"]) ?? SnapshotElementDecoder.frame(element["rect"])
        let reference = ElementReference(identifier: identifier, label: label, elementType: type, frame: frame)
        return reference == ElementReference() ? nil : reference
    }
}
