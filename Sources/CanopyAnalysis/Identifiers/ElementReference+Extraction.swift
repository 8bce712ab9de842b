/// How an element was named in a failure, an activity line or an audit.
public enum ReferenceKind: String, Sendable, Equatable, Hashable, Codable {
    /// Identifier syntax: `"X" IN identifiers`, `identifier == "X"`, `identifier: 'X'`, `Identifier: "X"`.
    case identifier
    /// Label syntax: `label == "X"`, A11yUITests `Label: "X"`.
    case label
    /// A quoted name before an element type (`Failed to tap "X" Button`, `Tap "X" Button`): an
    /// identifier or a label, resolved against the run's known identifiers and labels.
    case name
}

/// One element mention found in text.
public struct ExtractedReference: Sendable, Equatable, Hashable, Codable {
    /// The quoted text.
    public var text: String
    public var kind: ReferenceKind
    /// `XCUIElement.ElementType` case name when the text said (`Button` → `button`).
    public var elementType: String?

    public init(text: String, kind: ReferenceKind, elementType: String? = nil) {
        self.text = text
        self.kind = kind
        self.elementType = elementType
    }
}
