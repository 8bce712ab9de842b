import CanopyModel

/// Joins audit issues to the elements of the run's snapshots and to identifier tree nodes
/// (pass 8 of `ReportBuilder`).
struct AuditJoiner {
    let index: ElementIndex
    let templates: [String: String]

    /// Raw identifier of an issue's element: its own identifier, else the identifier of the
    /// snapshot element carrying its label.
    static func identifier(of issue: AuditIssue, index: ElementIndex) -> (String, Resolution)? {
        if let identifier = issue.element?.identifier, !identifier.isEmpty { return (identifier, .explicit) }
        if let label = issue.element?.label, !label.isEmpty {
            return index.resolve(ExtractedReference(text: label, kind: .label), explicit: []).map {
                ($0.identifier, $0.resolution)
            }
        }
        return nil
    }

    func findings(run: Run, testOutcomes: [String: TestOutcome], facts: inout NodeFactTable) -> [AuditFinding] {
        var onScreen: [String: Set<String>] = [:]
        var anywhere: Set<String> = []
        for screen in run.screens {
            screen.forEachElement { element in
                guard let identifier = element.nonEmptyIdentifier else { return }
                onScreen[screen.name, default: []].insert(identifier)
                anywhere.insert(identifier)
            }
        }
        return run.auditIssues.map { issue in
            guard let (identifier, resolution) = Self.identifier(of: issue, index: index) else {
                return AuditFinding(issue: issue, element: nil, inSnapshot: false)
            }
            let template = templates[identifier] ?? identifier
            let element = ElementMatch(
                identifier: identifier, template: template, elementType: issue.element?.elementType,
                resolution: resolution)
            let test = issue.test.map { (number: facts.number(test: $0), passedOnRetry: testOutcomes[$0] == .flaky) }
            facts.update(template) { node in
                node.note(identifier: identifier, source: .audit, elementType: issue.element?.elementType)
                node.auditByType[issue.auditType, default: 0] += 1
                node.auditBySeverity[issue.severity.rawValue, default: 0] += 1
                if let test {
                    node.tests.insert(test.number)
                    if test.passedOnRetry { node.passedOnRetryTests.insert(test.number) }
                }
            }
            let seen = issue.screen.flatMap { onScreen[$0] }?.contains(identifier) ?? anywhere.contains(identifier)
            return AuditFinding(issue: issue, element: element, inSnapshot: seen)
        }
    }
}
