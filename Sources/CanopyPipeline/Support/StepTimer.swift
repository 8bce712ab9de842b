import CanopyRender
import Foundation

/// Wall time, the process's CPU time (user and system, every thread) and its peak memory at the
/// end of each step of a command, for `--verbose` and `make bench`: where a slow or large CI
/// post-step spends its time and memory (parsing, analysis, the store, history, rendering). Steps
/// that overlap (work started beside the store) share the CPU of the time they overlap: a step's
/// CPU is the process's during that step.
package struct StepTimer: Sendable {
    package private(set) var steps: [(name: String, seconds: Double, cpuSeconds: Double, peakBytes: Int)] = []
    private var last = Date()
    private var lastCPU = Platform.cpuSeconds()

    package init() {}

    /// Ends the current step under `name` and starts the next.
    package mutating func lap(_ name: String) {
        let now = Date()
        let cpu = Platform.cpuSeconds()
        steps.append((name, now.timeIntervalSince(last), cpu - lastCPU, Platform.peakResidentBytes()))
        last = now
        lastCPU = cpu
    }

    /// Adds the steps another timer measured (inside a closure), then restarts the clock.
    package mutating func append(_ other: StepTimer) {
        steps += other.steps
        last = Date()
        lastCPU = Platform.cpuSeconds()
    }

    /// `--verbose`'s line of the steps (`ProgressWords.timings`).
    package var line: String { ProgressWords.timings(steps) }
}
