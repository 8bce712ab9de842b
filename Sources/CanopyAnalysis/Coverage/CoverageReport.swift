import CanopyModel

/// Identifier coverage of a run's element-tree snapshots and what to fix.
///
/// An interactive element (a type in `identifiers.interactiveElementTypes`) is covered when it has
/// a deliberate identifier: not empty and not equal to its label.
package struct CoverageReport: Sendable, Equatable, Hashable, Codable {
    package var overall: CoverageFigure
    package var screens: [CoverageFigure]
    package var elementTypes: [CoverageFigure]
    /// Per identifier-tree branch down to `coverage.branchDepth`: interactive elements whose nearest
    /// identified ancestor (or themselves) lies in the branch.
    package var branches: [CoverageFigure]
    /// Label coverage of label-only (A11yUITests) snapshots, which carry no identifiers.
    package var labelCoverage: LabelCoverage?
    /// Interactive elements without a deliberate identifier.
    package var missing: [MissingIdentifier]
    /// Identifiers used by more than one element on one screen ("Multiple matching elements").
    package var duplicates: [DuplicateIdentifier]
    /// Identifiers longer than `identifiers.maxIdentifierLength`, which XCUITest refuses to query.
    package var overlong: [OverlongIdentifier]
    /// Identifiers that do not follow `identifiers.convention`.
    package var conventionViolations: [ConventionViolation]
    /// What a reader should know about the figures.
    package var notes: [CoverageNote]

    package init(
        overall: CoverageFigure, screens: [CoverageFigure] = [], elementTypes: [CoverageFigure] = [],
        branches: [CoverageFigure] = [],
        labelCoverage: LabelCoverage? = nil, missing: [MissingIdentifier] = [], duplicates: [DuplicateIdentifier] = [],
        overlong: [OverlongIdentifier] = [], conventionViolations: [ConventionViolation] = [],
        notes: [CoverageNote] = []
    ) {
        self.overall = overall
        self.screens = screens
        self.elementTypes = elementTypes
        self.branches = branches
        self.labelCoverage = labelCoverage
        self.missing = missing
        self.duplicates = duplicates
        self.overlong = overlong
        self.conventionViolations = conventionViolations
        self.notes = notes
    }
}
