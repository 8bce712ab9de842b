import CanopyModel

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

    package init(
        screen: String, elementType: String, label: String? = nil, identifier: String? = nil, frame: Frame? = nil,
        branch: String? = nil
    ) {
        self.screen = screen
        self.elementType = elementType
        self.label = label
        self.identifier = identifier
        self.frame = frame
        self.branch = branch
    }
}
