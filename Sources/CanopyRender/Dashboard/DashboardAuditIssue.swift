/// One audit finding on one element.
package struct DashboardAuditIssue: Sendable, Equatable, Hashable, Codable {
    package enum Severity: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case error
        case warning
    }

    /// `contrast`, `hitRegion`, `dynamicType`, `buttonLabel`, …
    package var auditType: String
    package var severity: Severity
    package var identifier: String?
    package var label: String?
    package var elementType: String?
    package var screen: String?
    package var test: String?
    package var description: String
    /// Not in the baseline (same type, element, screen and severity): what the new-audit-errors
    /// gate counts, annotated like a new failure.
    package var isNew = false
    /// The quarantine covering the issue (`quarantined until 2026-12-01: reason`); a quarantined
    /// issue is never marked new: the gate leaves it out.
    package var quarantine: String?

    package init(
        auditType: String, severity: Severity, identifier: String? = nil, label: String? = nil,
        elementType: String? = nil, screen: String? = nil, test: String? = nil, description: String
    ) {
        self.auditType = auditType
        self.severity = severity
        self.identifier = identifier
        self.label = label
        self.elementType = elementType
        self.screen = screen
        self.test = test
        self.description = description
    }
}
