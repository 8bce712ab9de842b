import CanopyModel

/// Identifiers XCUITest cannot query (too long) and identifiers that break the naming convention.
struct IdentifierChecks {
    let scheme: IdentifierScheme
    let templates: [String: String]

    /// Identifiers over `maxIdentifierLength`, from snapshots (by screen), audits and failures.
    func overlong(run: Run, mentioned: Set<String>) -> [OverlongIdentifier] {
        let limit = scheme.configuration.maxIdentifierLength
        var seen: [String: Set<String>] = [:]
        for screen in run.screens {
            screen.forEachElement { element in
                if let identifier = element.nonEmptyIdentifier, identifier.count > limit {
                    seen[identifier, default: []].insert(screen.name)
                }
            }
        }
        for issue in run.auditIssues {
            if let identifier = issue.element?.identifier, identifier.count > limit {
                seen[identifier, default: []].insert("audit")
            }
        }
        for identifier in mentioned where identifier.count > limit { seen[identifier, default: []].insert("failure") }
        return seen.sorted { $0.key < $1.key }.map {
            OverlongIdentifier(identifier: $0.key, length: $0.key.count, seenIn: $0.value.sorted())
        }
    }

    /// Deliberate snapshot identifiers and audit identifiers that do not match the convention.
    func conventionViolations(run: Run) -> [ConventionViolation] {
        var screens: [String: Set<String>] = [:]
        for screen in run.screens {
            screen.forEachElement { element in
                if CoverageAnalyzer.isDeliberate(element), let identifier = element.nonEmptyIdentifier {
                    screens[identifier, default: []].insert(screen.name)
                }
            }
        }
        for issue in run.auditIssues {
            if let identifier = issue.element?.identifier, !identifier.isEmpty {
                screens[identifier, default: []].formUnion(issue.screen.map { [$0] } ?? [])
            }
        }
        return screens.keys.sorted().filter { !scheme.followsConvention($0) }.map {
            ConventionViolation(identifier: $0, template: templates[$0] ?? $0, screens: (screens[$0] ?? []).sorted())
        }
    }
}
