/// An interactive element without an identifier.
package struct DashboardUnidentifiedElement: Sendable, Equatable, Hashable, Codable {
    package var elementType: String
    package var label: String?
    /// `x,y w×h` in points, when known.
    package var frame: String?

    package init(elementType: String, label: String? = nil, frame: String? = nil) {
        self.elementType = elementType
        self.label = label
        self.frame = frame
    }
}
