/// Accessibility findings: audit issues on their elements and elements missing identifiers.
package struct DashboardAccessibility: Sendable, Equatable, Codable {
    /// Errors first, then warnings; grouped by type in the order given.
    package var issues: [DashboardAuditIssue]
    /// Screens with interactive elements that carry no identifier, worst first.
    package var missingIdentifiers: [DashboardScreenGap]

    /// Issues of the baseline gone from this run; nil without a comparison with one.
    package var resolved: Int?

    package init(
        issues: [DashboardAuditIssue] = [], missingIdentifiers: [DashboardScreenGap] = [], resolved: Int? = nil
    ) {
        self.issues = issues
        self.missingIdentifiers = missingIdentifiers
        self.resolved = resolved
    }

    /// The issues marked new.
    package var newCount: Int { issues.lazy.filter(\.isNew).count }
}
