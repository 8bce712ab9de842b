import Foundation

/// Wall time and the process's CPU time (user and system, every thread) of each step of a
/// command, for `--verbose` and `make bench`: where a slow CI post-step spends its time (parsing,
/// analysis, the store, history, rendering). Steps that overlap (work started beside the store)
/// share the CPU of the time they overlap: a step's CPU is the process's during that step.
package struct StepTimer: Sendable {
    package private(set) var steps: [(name: String, seconds: Double, cpuSeconds: Double)] = []
    private var last = Date()
    private var lastCPU = Platform.cpuSeconds()

    package init() {}

    /// Ends the current step under `name` and starts the next.
    package mutating func lap(_ name: String) {
        let now = Date()
        let cpu = Platform.cpuSeconds()
        steps.append((name, now.timeIntervalSince(last), cpu - lastCPU))
        last = now
        lastCPU = cpu
    }

    /// Adds the steps another timer measured (inside a closure), then restarts the clock.
    package mutating func append(_ other: StepTimer) {
        steps += other.steps
        last = Date()
        lastCPU = Platform.cpuSeconds()
    }

    /// `timings: parse 0.81s (cpu 1.20s), store 0.40s (cpu 0.38s), …`
    package var line: String {
        "timings: " + steps.map { "\($0.name) \(String(format: "%.2f", $0.seconds))s (cpu \(String(format: "%.2f", $0.cpuSeconds))s)" }
            .joined(separator: ", ")
    }
}
