import CanopyModel
import Foundation

/// One gate's verdict.
package struct GateResult: Sendable, Equatable, Codable {
    package var name: String
    package var passed: Bool
    /// What was measured against what was allowed (`3 new failures, at most 0 allowed`).
    package var detail: String
    /// The offending items, most important first (bounded).
    package var items: [String]

    package init(name: String, passed: Bool, detail: String, items: [String] = []) {
        self.name = name
        self.passed = passed
        self.detail = detail
        self.items = items
    }
}
