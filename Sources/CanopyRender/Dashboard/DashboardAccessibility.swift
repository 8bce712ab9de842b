/// Accessibility findings: audit issues on their elements and elements missing identifiers.
package struct DashboardAccessibility: Sendable, Equatable, Codable {
    /// Errors first, then warnings; grouped by type in the order given.
    package var issues: [DashboardAuditIssue]
    /// Screens with interactive elements that carry no identifier, worst first.
    package var missingIdentifiers: [DashboardScreenGap]

    /// Issues of the baseline gone from this run; nil without a comparison with one.
    package var resolved: Int?

    package init(issues: [DashboardAuditIssue] = [], missingIdentifiers: [DashboardScreenGap] = [], resolved: Int? = nil) {
        self.issues = issues
        self.missingIdentifiers = missingIdentifiers
        self.resolved = resolved
    }

    /// The issues marked new.
    package var newCount: Int { issues.lazy.filter(\.isNew).count }
}

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

/// The interactive elements of one screen that carry no identifier.
package struct DashboardScreenGap: Sendable, Equatable, Hashable, Codable {
    package var screen: String
    /// Interactive elements on the screen.
    package var elements: Int
    package var missing: [DashboardUnidentifiedElement]

    package init(screen: String, elements: Int, missing: [DashboardUnidentifiedElement]) {
        self.screen = screen
        self.elements = elements
        self.missing = missing
    }
}

/// An interactive element without an identifier.
package struct DashboardUnidentifiedElement: Sendable, Equatable, Hashable, Codable {
    package var elementType: String
    package var label: String?
    /// `x,y w×h` in points, when known.
    package var frame: String?

    package init(elementType: String, label: String? = nil, frame: String? = nil) {
        self.elementType = elementType
        self.label = label
        self.frame = frame
    }
}
