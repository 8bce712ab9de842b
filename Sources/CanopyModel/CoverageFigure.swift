/// Identifier coverage over one scope.
package struct CoverageFigure: Sendable, Equatable, Hashable, Codable {
    package enum Scope: String, Sendable, Equatable, Hashable, Codable {
        case overall, screen, elementType, branch
    }

    package var scope: Scope
    /// The screen, element type or branch name; empty for `overall`.
    package var name: String
    /// Interactive elements in scope.
    package var interactive: Int
    /// Interactive elements with a deliberate identifier.
    package var identified: Int

    package init(scope: Scope, name: String, interactive: Int, identified: Int) {
        self.scope = scope
        self.name = name
        self.interactive = interactive
        self.identified = identified
    }

    /// `identified / interactive`, or nil when there is nothing to cover.
    package var ratio: Double? { interactive > 0 ? Double(identified) / Double(interactive) : nil }
}
