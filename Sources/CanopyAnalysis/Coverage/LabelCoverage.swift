import CanopyModel

/// Share of interactive elements with a non-empty label, for snapshots without identifiers.
package struct LabelCoverage: Sendable, Equatable, Hashable, Codable {
    /// `interactive` and `identified` (here: labelled) over all label-only screens.
    package var overall: CoverageFigure
    package var screens: [CoverageFigure]
    package var note: String
}
