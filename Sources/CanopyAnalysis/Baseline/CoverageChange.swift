import CanopyModel

/// Coverage of one scope before and after.
package struct CoverageChange: Sendable, Equatable, Hashable, Codable {
    package var scope: CoverageFigure.Scope
    package var name: String
    package var before: Double?
    package var after: Double?

    package init(scope: CoverageFigure.Scope, name: String, before: Double?, after: Double?) {
        self.scope = scope
        self.name = name
        self.before = before
        self.after = after
    }

    /// `after - before` when both are known (a drop is negative).
    package var delta: Double? {
        guard let before, let after else { return nil }
        return after - before
    }
}
