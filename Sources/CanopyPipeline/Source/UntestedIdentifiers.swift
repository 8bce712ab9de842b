import CanopyRender
import CanopySource

/// Identifier coverage measured against the code: the identifiers the app declares that no UI
/// test exercised in the history window, by screen.
///
/// A declared identifier is exercised when a run of the window saw it (a node of the run's
/// identifier tree: a snapshot's element, a step or output line, a failure; a branch node counts,
/// as its elements were on screen) or a UI test names it (a query, a locator enum's case), each
/// compared with `IdentifierTemplateMatch`. A screen is the identifier's first segment, as the
/// identifier tree's roots are (`Settings` of `Settings.DarkMode`, `Podcast` of
/// `Podcast-{id}-row`). Locator declarations are the tests' names, not the app's elements: they
/// are never counted as declared.
enum UntestedIdentifiers {
    static func screens(catalog: SourceCatalog, seen: [String]) -> [DashboardUntestedScreen] {
        var exact = Set<String>()
        var templates: [String] = []
        func add(_ identifier: String) {
            if exact.insert(IdentifierTemplateMatch.normalized(identifier)).inserted, identifier.contains("{") {
                templates.append(identifier)
            }
        }
        for identifier in seen { add(identifier) }
        for query in catalog.index.queries { add(query.identifier) }
        for declaration in catalog.index.declarations where declaration.kind == .locator { add(declaration.identifier) }
        let exercisedSet = Array(exact)

        struct Screen {
            var declared: [String] = []
            var untested: [String] = []
            var owners: [String] = []
        }
        var screens: [String: Screen] = [:]
        var counted = Set<String>()
        for declaration in catalog.index.declarations where declaration.kind != .locator {
            let key = IdentifierTemplateMatch.normalized(declaration.identifier)
            guard counted.insert(key).inserted else { continue }
            let name = screen(of: declaration.identifier)
            var screen = screens[name, default: Screen()]
            screen.declared.append(declaration.identifier)
            for owner in catalog.owners(of: declaration.file) where !screen.owners.contains(owner) {
                screen.owners.append(owner)
            }
            let exercised =
                exact.contains(key)
                || templates.contains { IdentifierTemplateMatch.matches(declaration.identifier, $0) }
                || (declaration.isTemplate
                    && exercisedSet.contains { IdentifierTemplateMatch.matches(declaration.identifier, $0) })
            if !exercised { screen.untested.append(declaration.identifier) }
            screens[name] = screen
        }
        return screens.map { name, screen in
            DashboardUntestedScreen(
                screen: name, declared: screen.declared.count, untested: screen.untested.sorted(), owners: screen.owners
            )
        }
        .filter { !$0.untested.isEmpty }
        .sorted { ($1.untested.count, $0.screen) < ($0.untested.count, $1.screen) }
    }

    /// The identifier's first segment: up to the first `.`, `-` or `_` (a placeholder is kept whole).
    static func screen(of identifier: String) -> String {
        let cut = identifier.firstIndex { ".-_".contains($0) } ?? identifier.endIndex
        let first = String(identifier[..<cut])
        return first.isEmpty ? identifier : first
    }
}
