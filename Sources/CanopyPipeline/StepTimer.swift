import Foundation

/// Wall time of each step of a command, for `--verbose` and `make bench`: where a slow CI
/// post-step spends its time (parsing, analysis, the store, history, rendering).
package struct StepTimer: Sendable {
    package private(set) var steps: [(name: String, seconds: Double)] = []
    private var last = Date()

    package init() {}

    /// Ends the current step under `name` and starts the next.
    package mutating func lap(_ name: String) {
        let now = Date()
        steps.append((name, now.timeIntervalSince(last)))
        last = now
    }

    /// Adds the steps another timer measured (inside a closure), then restarts the clock.
    package mutating func append(_ other: StepTimer) {
        steps += other.steps
        last = Date()
    }

    /// `timings: parse+analyse 0.81s, store 0.40s, …`
    package var line: String {
        "timings: " + steps.map { "\($0.name) \(String(format: "%.2f", $0.seconds))s" }.joined(separator: ", ")
    }
}
