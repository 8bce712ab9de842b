/// The interactive elements of one screen that carry no identifier.
package struct DashboardScreenGap: Sendable, Equatable, Hashable, Codable {
    package var screen: String
    /// Interactive elements on the screen.
    package var elements: Int
    package var missing: [DashboardUnidentifiedElement]

    package init(screen: String, elements: Int, missing: [DashboardUnidentifiedElement]) {
        self.screen = screen
        self.elements = elements
        self.missing = missing
    }
}
