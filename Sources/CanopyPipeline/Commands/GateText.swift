/// Gate verdicts as text lines.
enum GateText {
    /// A line per gate, the tests of a failed gate under it; `failedOnly` leaves out passed gates.
    static func lines(_ gates: [GateResult], failedOnly: Bool = false) -> [String] {
        gates.filter { !failedOnly || !$0.passed }.flatMap { gate in
            ["\(gate.passed ? "✓ gate passed" : "✗ GATE FAILED"): \(gate.name) — \(gate.detail)"]
                + (gate.passed ? [] : gate.items.prefix(10).map { "    \($0)" })
                + (gate.passed || gate.items.count <= 10
                    ? [] : ["    … and \(gate.items.count - 10) more (insights.json lists them all)"])
        }
    }
}
