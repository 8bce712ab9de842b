/// An element a failure, activity line or audit issue was mapped to.
package struct ElementMatch: Sendable, Equatable, Hashable, Codable {
    /// The identifier as written (`Podcast-123-row`).
    package var identifier: String
    /// Its template, the identifier tree node (`Podcast-{id}-row`).
    package var template: String
    /// `XCUIElement.ElementType` case name, when known.
    package var elementType: String?
    package var resolution: Resolution

    package init(identifier: String, template: String, elementType: String? = nil, resolution: Resolution) {
        self.identifier = identifier
        self.template = template
        self.elementType = elementType
        self.resolution = resolution
    }
}
