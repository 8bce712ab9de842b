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
    package var notes: [String]

    package init(
        overall: CoverageFigure, screens: [CoverageFigure] = [], elementTypes: [CoverageFigure] = [], branches: [CoverageFigure] = [],
        labelCoverage: LabelCoverage? = nil, missing: [MissingIdentifier] = [], duplicates: [DuplicateIdentifier] = [],
        overlong: [OverlongIdentifier] = [], conventionViolations: [ConventionViolation] = [], notes: [String] = []
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

/// Share of interactive elements with a non-empty label, for snapshots without identifiers.
package struct LabelCoverage: Sendable, Equatable, Hashable, Codable {
    /// `interactive` and `identified` (here: labelled) over all label-only screens.
    package var overall: CoverageFigure
    package var screens: [CoverageFigure]
    package var note: String
}

/// An interactive element without a deliberate identifier.
package struct MissingIdentifier: Sendable, Equatable, Hashable, Codable {
    package var screen: String
    package var elementType: String
    package var label: String?
    /// The identifier it has when that equals its label (a default, not a deliberate one).
    package var identifier: String?
    package var frame: Frame?
    /// The template of its nearest identified ancestor, when it has one.
    package var branch: String?

    package init(screen: String, elementType: String, label: String? = nil, identifier: String? = nil, frame: Frame? = nil, branch: String? = nil) {
        self.screen = screen
        self.elementType = elementType
        self.label = label
        self.identifier = identifier
        self.frame = frame
        self.branch = branch
    }
}

/// One identifier used by several elements of one screen.
package struct DuplicateIdentifier: Sendable, Equatable, Hashable, Codable {
    package var screen: String
    package var identifier: String
    package var count: Int
    package var elementTypes: [String]

    package init(screen: String, identifier: String, count: Int, elementTypes: [String]) {
        self.screen = screen
        self.identifier = identifier
        self.count = count
        self.elementTypes = elementTypes
    }
}

/// An identifier over the length XCUITest accepts.
package struct OverlongIdentifier: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var length: Int
    /// Where it was seen: screen names, `audit`, `failure`.
    package var seenIn: [String]

    package init(identifier: String, length: Int, seenIn: [String]) {
        self.identifier = identifier
        self.length = length
        self.seenIn = seenIn
    }
}

/// An identifier that breaks the naming convention.
package struct ConventionViolation: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var template: String
    package var screens: [String]

    package init(identifier: String, template: String, screens: [String]) {
        self.identifier = identifier
        self.template = template
        self.screens = screens
    }
}
