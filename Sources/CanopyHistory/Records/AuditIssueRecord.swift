import CanopyModel

/// One row of `audit_issues`.
struct AuditIssueRecord: RunChildRecord {
    static let table = "audit_issues"
    static let columns = [
        "run_id", "ordinal", "audit_type", "severity", "compact_description", "detailed_description",
        "element_identifier", "element_label", "element_type", "screen", "test_key", "origin", "source",
    ]

    var ordinal: Int
    var issue: AuditIssue

    func write<Sink: SQLRowSink>(ids: RowIDs, to sink: inout Sink) {
        sink.int(ids.run)
        sink.int(ordinal)
        sink.text(issue.auditType)
        sink.text(issue.severity.rawValue)
        sink.text(issue.compactDescription)
        sink.text(issue.detailedDescription)
        sink.text(issue.element?.identifier)
        sink.text(issue.element?.label)
        sink.text(issue.element?.elementType)
        sink.text(issue.screen)
        sink.text(issue.test)
        sink.text(issue.origin.rawValue)
        sink.text(issue.source)
    }

    /// Reads an issue from columns 2… of `columns` (selected from `audit_type` on).
    static func decode(_ row: some SQLRowReader, location: String) throws -> AuditIssue {
        let severityText = try row.text(1) ?? ""
        let originText = try row.text(9) ?? ""
        guard let severity = AuditIssue.Severity(rawValue: severityText) else {
            throw HistoryError.corruptValue(location: location, column: "audit_issues.severity", value: severityText)
        }
        guard let origin = AuditIssue.Origin(rawValue: originText) else {
            throw HistoryError.corruptValue(location: location, column: "audit_issues.origin", value: originText)
        }
        let identifier = try row.text(4)
        let label = try row.text(5)
        let type = try row.text(6)
        let element =
            identifier == nil && label == nil && type == nil
            ? nil : ElementReference(identifier: identifier, label: label, elementType: type)
        return AuditIssue(
            auditType: try row.text(0) ?? "", severity: severity, compactDescription: try row.text(2) ?? "",
            detailedDescription: try row.text(3), element: element, screen: try row.text(7), test: try row.text(8),
            origin: origin, source: try row.text(10) ?? "")
    }
}
