import CanopyRender
import Testing

@testable import CanopyPipeline

@Suite("--verbose timings")
struct StepTimerTests {
    /// A user looking into a large run's memory reads after which step it grew.
    @Test("each step has its wall time, the process's CPU time and its peak memory so far, never falling")
    func stepsCarryPeakMemory() {
        var timer = StepTimer()
        timer.lap("parse")
        // Memory the next step touches: the peak after it is at least 64 MiB above nothing.
        var held = [UInt8](repeating: 1, count: 64 << 20)
        held[held.count - 1] = 2
        timer.lap("analyse")
        #expect(timer.steps.map(\.name) == ["parse", "analyse"])
        #expect(timer.steps.allSatisfy { $0.seconds >= 0 && $0.cpuSeconds >= 0 })
        #expect(timer.steps[0].peakBytes > 0 && timer.steps[1].peakBytes >= timer.steps[0].peakBytes)
        #expect(timer.steps[1].peakBytes >= 64 << 20, "\(timer.steps[1].peakBytes) bytes with 64 MiB held")
        #expect(held.last == 2)
        let line = ProgressWords.timings(timer.steps)
        #expect(line.hasPrefix("timings: parse "), "\(line)")
        #expect(line.contains(#/analyse \d+\.\d\ds \(cpu \d+\.\d\ds, peak \d+ MiB\)$/#), "\(line)")
    }
}
