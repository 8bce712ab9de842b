/// One element mention found in text.
package struct ExtractedReference: Sendable, Equatable, Hashable, Codable {
    /// The quoted text.
    package var text: String
    package var kind: ReferenceKind
    /// `XCUIElement.ElementType` case name when the text said (`Button` → `button`).
    package var elementType: String?

    package init(text: String, kind: ReferenceKind, elementType: String? = nil) {
        self.text = text
        self.kind = kind
        self.elementType = elementType
    }
}
