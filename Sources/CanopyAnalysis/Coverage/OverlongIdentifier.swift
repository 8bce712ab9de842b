import CanopyModel

/// An identifier over the length XCUITest accepts.
package struct OverlongIdentifier: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var length: Int
    /// Where it was seen: screen names, `audit`, `failure`.
    package var seenIn: [String]

    package init(identifier: String, length: Int, seenIn: [String]) {
        self.identifier = identifier
        self.length = length
        self.seenIn = seenIn
    }
}
