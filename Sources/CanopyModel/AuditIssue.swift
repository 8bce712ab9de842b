/// One accessibility finding: from an audit export or recognised in a test failure.
package struct AuditIssue: Sendable, Equatable, Hashable, Codable {
    package enum Severity: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case error
        case warning
    }

    /// Where the finding came from.
    package enum Origin: String, Sendable, Equatable, Hashable, Codable {
        /// A Canopy audit JSON export of `XCUIAccessibilityAuditIssue`s.
        case auditFile
        /// An Appium WebDriverAgent audit JSON.
        case appium
        /// An A11yUITests assertion or unhandled Xcode audit issue reported as a test failure.
        case testFailure
    }

    /// The audit type or check: Xcode's `contrast`, `hitRegion`, `dynamicType`, … or an A11yUITests
    /// check (`buttonLabel`, `minimumInteractiveSize`, …).
    package var auditType: String
    package var severity: Severity
    package var compactDescription: String
    package var detailedDescription: String?
    package var element: ElementReference?
    /// The screen the issue was found on, when known.
    package var screen: String?
    /// The key of the test that found it (`TestIdentity.key`), when known.
    package var test: String?
    package var origin: Origin
    /// The input file it was read from.
    package var source: String

    package init(
        auditType: String, severity: Severity, compactDescription: String, detailedDescription: String? = nil,
        element: ElementReference? = nil, screen: String? = nil, test: String? = nil, origin: Origin, source: String
    ) {
        self.auditType = auditType
        self.severity = severity
        self.compactDescription = compactDescription
        self.detailedDescription = detailedDescription
        self.element = element
        self.screen = screen
        self.test = test
        self.origin = origin
        self.source = source
    }
}

extension Sequence where Element == AuditIssue {
    /// How many are errors and how many warnings.
    package var severityCounts: (errors: Int, warnings: Int) {
        reduce(into: (errors: 0, warnings: 0)) { counts, issue in
            if issue.severity == .error { counts.errors += 1 } else { counts.warnings += 1 }
        }
    }
}
