/// How an element was named in a failure, an activity line or an audit.
package enum ReferenceKind: String, Sendable, Equatable, Hashable, Codable {
    /// Identifier syntax: `"X" IN identifiers`, `identifier == "X"`, `identifier: 'X'`, `Identifier: "X"`.
    case identifier
    /// Label syntax: `label == "X"`, A11yUITests `Label: "X"`.
    case label
    /// A quoted name before an element type (`Failed to tap "X" Button`, `Tap "X" Button`): an
    /// identifier or a label, resolved against the run's known identifiers and labels.
    case name
}

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
