import Foundation

/// The result of one gate from `Config/canopy.yml`.
package struct DashboardGate: Sendable, Equatable, Hashable, Codable {
    package var name: String
    package var passed: Bool
    /// What was measured against what, e.g. `"coverage 71.2% < minimum 75%"`.
    package var detail: String

    package init(name: String, passed: Bool, detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
