import CanopyModel

/// One identifier used by several elements of one screen.
package struct DuplicateIdentifier: Sendable, Equatable, Hashable, Codable {
    package var screen: String
    package var identifier: String
    package var count: Int
    package var elementTypes: [String]

    package init(screen: String, identifier: String, count: Int, elementTypes: [String]) {
        self.screen = screen
        self.identifier = identifier
        self.count = count
        self.elementTypes = elementTypes
    }
}
