/// One node of an accessibility element tree (the shape of `XCUIElementSnapshot`).
package struct ElementSnapshot: Sendable, Equatable, Hashable, Codable {
    /// The accessibility identifier; nil or empty when the element has none.
    package var identifier: String?
    package var label: String?
    package var value: String?
    package var placeholderValue: String?
    /// The element type as an `XCUIElement.ElementType` case name (`button`, `staticText`, `cell`);
    /// parsers map display names ("Text Field") and raw values (9) onto these names.
    package var elementType: String
    package var frame: Frame?
    package var isEnabled: Bool?
    package var isSelected: Bool?
    package var hasFocus: Bool?
    /// Accessibility traits by name, when the source records them (A11yUITests).
    package var traits: [String]
    package var children: [ElementSnapshot]

    package init(
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
    package var nonEmptyIdentifier: String? {
        guard let identifier, !identifier.isEmpty else { return nil }
        return identifier
    }

    /// Visits this element and every descendant depth-first, parents before children.
    package func forEachElement(_ body: (ElementSnapshot) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEachElement(body) }
    }

    /// The number of elements in this subtree, this one included.
    package var elementCount: Int {
        var count = 0
        forEachElement { _ in count += 1 }
        return count
    }
}
