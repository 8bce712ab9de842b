import CanopyModel

/// Measures identifier coverage over element-tree snapshots and label coverage over label-only ones.
struct CoverageAnalyzer {
    let scheme: IdentifierScheme
    /// Raw identifier → template.
    let templates: [String: String]

    private struct Tally {
        var interactive = 0
        var identified = 0
    }

    /// The coverage report; records elements and attributed coverage into `facts` by template.
    func analyze(_ screens: [Screen], branchDepth: Int, facts: inout NodeFactTable) -> CoverageReport {
        var overall = Tally()
        var byScreen: [(String, Tally)] = []
        var byType: [String: Tally] = [:]
        var missing: [MissingIdentifier] = []
        var duplicates: [DuplicateIdentifier] = []
        var labelOverall = Tally()
        var labelScreens: [CoverageFigure] = []

        for screen in screens {
            var tally = Tally()
            if screen.kind == .labelOnly {
                screen.forEachElement { element in
                    guard scheme.isInteractive(element.elementType) else { return }
                    tally.interactive += 1
                    if let label = element.label, !label.isEmpty { tally.identified += 1 }
                }
                labelOverall.interactive += tally.interactive
                labelOverall.identified += tally.identified
                labelScreens.append(
                    CoverageFigure(
                        scope: .screen, name: screen.name, interactive: tally.interactive, identified: tally.identified)
                )
                continue
            }
            var counts: [String: (count: Int, types: Set<String>)] = [:]
            visit(screen.root, screen: screen, branch: nil, isRootContainer: true) { element, branch, deliberate in
                if let identifier = element.nonEmptyIdentifier {
                    counts[identifier, default: (0, [])].count += 1
                    counts[identifier, default: (0, [])].types.insert(element.elementType)
                    let template = templates[identifier] ?? identifier
                    let test = screen.test.map { facts.number(test: $0) }
                    facts.update(template) { node in
                        node.elements += 1
                        node.note(identifier: identifier, source: .snapshot, elementType: element.elementType)
                        if let test { node.tests.insert(test) }
                    }
                }
                guard scheme.isInteractive(element.elementType) else { return }
                tally.interactive += 1
                byType[element.elementType, default: Tally()].interactive += 1
                if deliberate {
                    tally.identified += 1
                    byType[element.elementType, default: Tally()].identified += 1
                }
                if let branch {
                    facts.update(branch) { node in
                        node.interactive += 1
                        if deliberate { node.identified += 1 }
                    }
                }
                if !deliberate {
                    missing.append(
                        MissingIdentifier(
                            screen: screen.name, elementType: element.elementType, label: element.label,
                            identifier: element.nonEmptyIdentifier, frame: element.frame, branch: branch))
                }
            }
            for (identifier, entry) in counts.sorted(by: { $0.key < $1.key }) where entry.count > 1 {
                duplicates.append(
                    DuplicateIdentifier(
                        screen: screen.name, identifier: identifier, count: entry.count,
                        elementTypes: entry.types.sorted()))
            }
            overall.interactive += tally.interactive
            overall.identified += tally.identified
            byScreen.append((screen.name, tally))
        }

        var report = CoverageReport(
            overall: CoverageFigure(
                scope: .overall, name: "", interactive: overall.interactive, identified: overall.identified),
            screens: byScreen.map {
                CoverageFigure(scope: .screen, name: $0.0, interactive: $0.1.interactive, identified: $0.1.identified)
            },
            elementTypes: byType.sorted { $0.key < $1.key }.map {
                CoverageFigure(
                    scope: .elementType, name: $0.key, interactive: $0.value.interactive,
                    identified: $0.value.identified)
            },
            missing: missing, duplicates: duplicates)
        if !labelScreens.isEmpty {
            report.labelCoverage = LabelCoverage(
                overall: CoverageFigure(
                    scope: .overall, name: "", interactive: labelOverall.interactive,
                    identified: labelOverall.identified),
                screens: labelScreens)
            report.notes.append(.labelOnlyScreens(labelScreens.count))
        }
        if byScreen.isEmpty && labelScreens.isEmpty {
            report.notes.append(.noSnapshots)
        }
        return report
    }

    /// Visits every element with the template of its nearest deliberately identified ancestor or
    /// itself, and whether it carries a deliberate identifier itself.
    ///
    /// The screen's root containers (its root, a window under one, and a window's only
    /// non-interactive child: the application › window › root view chain) are not branches: an element without identifier under
    /// one counts toward the branch its identifier's template sits in (`Login` for `Login.Root`),
    /// as an element directly under the screen, not as a branch `Root` at 0%.
    private func visit(
        _ element: ElementSnapshot, screen: Screen, branch: String?, isRootContainer: Bool,
        _ body: (ElementSnapshot, String?, Bool) -> Void
    ) {
        let deliberate = Self.isDeliberate(element)
        var branch = branch
        if deliberate, let identifier = element.nonEmptyIdentifier {
            let template = templates[identifier] ?? identifier
            branch =
                isRootContainer && !scheme.isInteractive(element.elementType) ? scheme.parent(of: template) : template
        }
        body(element, branch, deliberate)
        let onlyChild = element.children.count == 1
        for child in element.children {
            // Down the application › window › root view chain only: a container the app places
            // itself (a sheet, a form) stays a branch.
            let windowChain = child.elementType == "window" || (element.elementType == "window" && onlyChild)
            let childIsRoot = isRootContainer && windowChain && !scheme.isInteractive(child.elementType)
            visit(child, screen: screen, branch: branch, isRootContainer: childIsRoot, body)
        }
    }

    /// A non-empty identifier that is not just the label again.
    static func isDeliberate(_ element: ElementSnapshot) -> Bool {
        guard let identifier = element.nonEmptyIdentifier else { return false }
        return identifier.trimmingSpaces() != (element.label ?? "").trimmingSpaces()
    }
}

extension String {
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first?.isWhitespace == true { view.removeFirst() }
        while view.last?.isWhitespace == true { view.removeLast() }
        return String(view)
    }
}
