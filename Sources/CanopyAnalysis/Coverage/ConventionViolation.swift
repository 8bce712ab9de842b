import CanopyModel

/// An identifier that breaks the naming convention.
package struct ConventionViolation: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var template: String
    package var screens: [String]

    package init(identifier: String, template: String, screens: [String]) {
        self.identifier = identifier
        self.template = template
        self.screens = screens
    }
}
