import CanopyModel
import Foundation

/// What makes two audit issues the same finding across runs.
struct AuditKey: Hashable {
    var type: String
    var severity: String
    var element: String
    var screen: String

    init(_ issue: AuditIssue) {
        type = issue.auditType
        severity = issue.severity.rawValue
        element = issue.element?.identifier ?? issue.element?.label ?? issue.compactDescription
        screen = issue.screen ?? ""
    }
}
