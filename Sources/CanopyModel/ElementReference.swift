/// A reference to the element an audit issue or failure is about.
package struct ElementReference: Sendable, Equatable, Hashable, Codable {
    package var identifier: String?
    package var label: String?
    /// `XCUIElement.ElementType` case name (`button`), when known.
    package var elementType: String?
    package var frame: Frame?

    package init(identifier: String? = nil, label: String? = nil, elementType: String? = nil, frame: Frame? = nil) {
        self.identifier = identifier
        self.label = label
        self.elementType = elementType
        self.frame = frame
    }
}
