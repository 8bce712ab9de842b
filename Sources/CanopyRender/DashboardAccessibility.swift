/// Accessibility findings: audit issues on their elements and elements missing identifiers.
public struct DashboardAccessibility: Sendable, Equatable, Codable {
    /// Errors first, then warnings; grouped by type in the order given.
    public var issues: [DashboardAuditIssue]
    /// Screens with interactive elements that carry no identifier, worst first.
    public var missingIdentifiers: [DashboardScreenGap]

    /// Issues of the baseline gone from this run; nil without a comparison with one.
    public var resolved: Int?

    public init(issues: [DashboardAuditIssue] = [], missingIdentifiers: [DashboardScreenGap] = [], resolved: Int? = nil) {
        self.issues = issues
        self.missingIdentifiers = missingIdentifiers
        self.resolved = resolved
    }

    /// The issues marked new.
    public var newCount: Int { issues.lazy.filter(\.isNew).count }
}

/// One audit finding on one element.
public struct DashboardAuditIssue: Sendable, Equatable, Hashable, Codable {
    public enum Severity: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case error
        case warning
    }

    /// `contrast`, `hitRegion`, `dynamicType`, `buttonLabel`, …
    public var auditType: String
    public var severity: Severity
    public var identifier: String?
    public var label: String?
    public var elementType: String?
    public var screen: String?
    public var test: String?
    public var description: String
    /// Not in the baseline (same type, element, screen and severity): what the new-audit-errors
    /// gate counts, annotated like a new failure.
    public var isNew = false

    public init(
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
public struct DashboardScreenGap: Sendable, Equatable, Hashable, Codable {
    public var screen: String
    /// Interactive elements on the screen.
    public var elements: Int
    public var missing: [DashboardUnidentifiedElement]

    public init(screen: String, elements: Int, missing: [DashboardUnidentifiedElement]) {
        self.screen = screen
        self.elements = elements
        self.missing = missing
    }
}

/// An interactive element without an identifier.
public struct DashboardUnidentifiedElement: Sendable, Equatable, Hashable, Codable {
    public var elementType: String
    public var label: String?
    /// `x,y w×h` in points, when known.
    public var frame: String?

    public init(elementType: String, label: String? = nil, frame: String? = nil) {
        self.elementType = elementType
        self.label = label
        self.frame = frame
    }
}
