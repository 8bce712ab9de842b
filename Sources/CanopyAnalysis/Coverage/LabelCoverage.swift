import CanopyModel

/// Share of interactive elements with a non-empty label, for snapshots without identifiers
/// (label-only, A11yUITests): label coverage, not identifier coverage.
package struct LabelCoverage: Sendable, Equatable, Hashable, Codable {
    /// `interactive` and `identified` (here: labelled) over all label-only screens.
    package var overall: CoverageFigure
    package var screens: [CoverageFigure]
}
