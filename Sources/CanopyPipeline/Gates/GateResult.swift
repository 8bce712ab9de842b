import CanopyModel
import CanopyRender
import Foundation

/// One gate's verdict: what it measured against what it allows, and the offending items.
package struct GateResult: Sendable, Equatable {
    package var finding: GateFinding
    package var passed: Bool
    /// The offending items, most important first (bounded).
    package var items: [String]

    package init(_ finding: GateFinding, passed: Bool, items: [String] = []) {
        self.finding = finding
        self.passed = passed
        self.items = items
    }

    /// The gate's name in words (`GateFinding.name`).
    package var name: String { finding.name }
    /// What was measured against what was allowed, in words (`GateFinding.detail(passed:)`).
    package var detail: String { finding.detail(passed: passed) }
}

/// `insights.json`'s gate: its name, verdict, detail and items.
extension GateResult: Encodable {
    private enum CodingKeys: String, CodingKey { case name, passed, detail, items }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(passed, forKey: .passed)
        try container.encode(detail, forKey: .detail)
        try container.encode(items, forKey: .items)
    }
}
