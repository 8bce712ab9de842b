/// One node of an accessibility element tree (the shape of `XCUIElementSnapshot`).
public struct ElementSnapshot: Sendable, Equatable, Hashable, Codable {
    /// The accessibility identifier; nil or empty when the element has none.
    public var identifier: String?
    public var label: String?
    public var value: String?
    public var placeholderValue: String?
    /// The element type as an `XCUIElement.ElementType` case name (`button`, `staticText`, `cell`);
    /// parsers map display names ("Text Field") and raw values (9) onto these names.
    public var elementType: String
    public var frame: Frame?
    public var isEnabled: Bool?
    public var isSelected: Bool?
    public var hasFocus: Bool?
    /// Accessibility traits by name, when the source records them (A11yUITests).
    public var traits: [String]
    public var children: [ElementSnapshot]

    public init(
        identifier: String? = nil, label: String? = nil, value: String? = nil, placeholderValue: String? = nil,
        elementType: String, frame: Frame? = nil, isEnabled: Bool? = nil, isSelected: Bool? = nil,
        hasFocus: Bool? = nil, traits: [String] = [], children: [ElementSnapshot] = []
    ) {
        self.identifier = identifier
        self.label = label
        self.value = value
        self.placeholderValue = placeholderValue
        self.elementType = elementType
        self.frame = frame
        self.isEnabled = isEnabled
        self.isSelected = isSelected
        self.hasFocus = hasFocus
        self.traits = traits
        self.children = children
    }

    /// The identifier when it is present and not empty.
    public var nonEmptyIdentifier: String? {
        guard let identifier, !identifier.isEmpty else { return nil }
        return identifier
    }

    /// Visits this element and every descendant depth-first, parents before children.
    public func forEachElement(_ body: (ElementSnapshot) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEachElement(body) }
    }

    /// The number of elements in this subtree, this one included.
    public var elementCount: Int {
        var count = 0
        forEachElement { _ in count += 1 }
        return count
    }
}
