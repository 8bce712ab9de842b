import CanopyModel
/// How identifiers are split into segments, templated and checked (`identifiers:` in the config).
package struct IdentifierSchemeConfiguration: Sendable, Equatable, Hashable, Codable {
    /// Single characters that separate segments (`separators`, default `.`, `-`, `_`).
    package var separators: [String]
    /// Ordered rules folding a dynamic segment into a placeholder; first match wins (`dynamicSegments`).
    package var dynamicSegments: [DynamicSegmentRule]
    /// Folding a segment position that takes many values across the run (`dataDrivenFold`).
    package var dataDrivenFold: DataDrivenFoldConfiguration
    /// A regular expression every deliberate identifier should match (`convention`); nil checks nothing.
    package var convention: String?
    /// `XCUIElement.ElementType` case names that count as interactive (`interactiveElementTypes`).
    package var interactiveElementTypes: [String]
    /// Longest identifier XCUITest accepts in a query (`maxIdentifierLength`, default 128).
    package var maxIdentifierLength: Int

    package init(
        separators: [String] = [".", "-", "_"], dynamicSegments: [DynamicSegmentRule] = DynamicSegmentRule.defaults,
        dataDrivenFold: DataDrivenFoldConfiguration = DataDrivenFoldConfiguration(),
        convention: String? = IdentifierSchemeConfiguration.defaultConvention,
        interactiveElementTypes: [String] = IdentifierSchemeConfiguration.defaultInteractiveElementTypes,
        maxIdentifierLength: Int = 128
    ) {
        self.separators = separators
        self.dynamicSegments = dynamicSegments
        self.dataDrivenFold = dataDrivenFold
        self.convention = convention
        self.interactiveElementTypes = interactiveElementTypes
        self.maxIdentifierLength = maxIdentifierLength
    }

    /// The `XCUIElement.ElementType` case name `text` spells (`button`, `Button`, `XCUIElementTypeButton`,
    /// `text field`, `TextField`), or nil when it names no element type.
    package static func elementTypeCaseName(_ text: String) -> String? {
        ElementTypeCaseName.name(text: text)
    }

    /// Letters first, then letters and digits, segments joined by one separator; no spaces.
    package static let defaultConvention = #"^[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*$"#

    /// Controls and cells a user can act on.
    package static let defaultInteractiveElementTypes = [
        "button", "link", "cell", "textField", "secureTextField", "searchField", "textView", "switch", "toggle",
        "slider", "stepper", "segmentedControl", "picker", "pickerWheel", "datePicker", "tab", "menuItem",
        "menuButton", "popUpButton", "radioButton", "checkBox", "comboBox", "key", "pageIndicator", "incrementArrow",
        "decrementArrow", "disclosureTriangle", "toolbarButton", "colorWell",
    ]
}

/// One dynamic-segment rule: a run of segments matching `pattern` becomes `{placeholder}`.
package struct DynamicSegmentRule: Sendable, Equatable, Hashable, Codable {
    /// Where in the identifier the match may sit.
    package enum Position: String, Sendable, Equatable, Hashable, Codable {
        /// Anywhere.
        case any
        /// Only as the last segment(s): `Feed.Cell.4`.
        case last
        /// Only before another segment: `Podcast-123-row`.
        case inner
    }

    /// The placeholder name, written `{name}` in templates (`placeholder`).
    package var placeholder: String
    /// A regular expression matched against whole segments starting at a segment boundary and
    /// ending at one; it may span separators (a UUID spans four dashes) (`pattern`).
    package var pattern: String
    /// `any`, `last` or `inner` (`position`, default `any`).
    package var position: Position

    package init(placeholder: String, pattern: String, position: Position = .any) {
        self.placeholder = placeholder
        self.pattern = pattern
        self.position = position
    }

    /// UUIDs, dates, hex hashes, lowercase dashed data slugs with a digit inside a dotted identifier
    /// (`Episode.how-to-cook-2.row`), list indexes at the end, numeric ids. Rules match whole segments
    /// only, so digits inside a word (`tab2`) are never touched. Case-sensitive.
    package static let defaults = [
        DynamicSegmentRule(placeholder: "uuid", pattern: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"),
        DynamicSegmentRule(placeholder: "date", pattern: #"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"#),
        DynamicSegmentRule(placeholder: "hash", pattern: "(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{8,64}"),
        DynamicSegmentRule(placeholder: "slug", pattern: #"(?<=[._])(?=[a-z0-9-]*[0-9])[a-z0-9]+(?:-[a-z0-9]+){2,}(?=[._])"#, position: .inner),
        DynamicSegmentRule(placeholder: "index", pattern: #"(?<=\.)\d+"#, position: .last),
        DynamicSegmentRule(placeholder: "id", pattern: #"\d+"#),
    ]
}

/// Folds a segment position into a placeholder when, across the run, identifiers that agree on
/// every other segment take at least `minimumDistinctValues` values there (`Country.{value}.cell`).
///
/// Off by default: the rules template an identifier from itself alone, while the fold depends on
/// which identifiers the run holds, so one element could take two templates on nights with and
/// without snapshots (and its failures, flakiness and tree node split across them).
package struct DataDrivenFoldConfiguration: Sendable, Equatable, Hashable, Codable {
    /// `enabled`, default false.
    package var enabled: Bool
    /// `minimumDistinctValues`, default 12.
    package var minimumDistinctValues: Int
    /// The placeholder name (`placeholder`, default `value`).
    package var placeholder: String
    /// Whether the last segment may fold too (`foldLastSegment`, default false: a screen's many
    /// leaf elements `Settings.wifi`, `Settings.sound` are distinct elements, not data).
    package var foldLastSegment: Bool

    package init(enabled: Bool = false, minimumDistinctValues: Int = 12, placeholder: String = "value", foldLastSegment: Bool = false) {
        self.enabled = enabled
        self.minimumDistinctValues = minimumDistinctValues
        self.placeholder = placeholder
        self.foldLastSegment = foldLastSegment
    }
}
