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
