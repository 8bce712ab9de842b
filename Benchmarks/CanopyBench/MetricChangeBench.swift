import CanopyAnalysis
import CanopyBundleFixtures
import CanopyModel
import Foundation

/// `CanopyBench metrics [--trials 1000] [--runs 10] [--values 5] [--seed 50]`: how well
/// `MetricChangeDetector` (default thresholds) finds a change of known size at a known run in
/// generated histories, and how often it finds one where there is none.
///
/// Each trial is a launch time's history: `runs` earlier runs and the current one, `values`
/// measurements a run, each drawn independently around 3 s with the given relative standard
/// deviation (normal, clamped above 0); the change multiplies the current run's values. Seeded:
/// the figures are the same on every machine.
enum MetricChangeBench {
    static func run(_ arguments: [String]) throws {
        var options: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            options[arguments[index].replacingOccurrences(of: "--", with: "")] = arguments[index + 1]
            index += 2
        }
        let trials = Int(options["trials"] ?? "") ?? 1000
        let runs = Int(options["runs"] ?? "") ?? 10
        let values = Int(options["values"] ?? "") ?? 5
        let seed = UInt64(options["seed"] ?? "") ?? 50
        var generator = SplitMix(seed: seed)
        func rate(spread: Double, change: Double) -> Double {
            var found = 0
            for trial in 0..<trials {
                let samples = (0...runs).map { run in
                    let factor = run == runs ? 1 + change : 1
                    return MetricHistory.Sample(
                        runKey: "r\(run)", commit: "c\(trial)-\(run)",
                        measurements: (0..<values).map { _ in max(0.001, 3 * factor * (1 + spread * generator.normal()))
                        }
                    )
                }
                let history = MetricHistory(
                    testKey: "AppUITests/testLaunch()",
                    identifier: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
                    unit: "s", polarity: .prefersSmaller, samples: samples)
                if let detected = MetricChangeDetector.change(of: history), detected.direction == .regressed,
                    change == 0 || detected.sinceRunKey == "r\(runs)"
                {
                    found += 1
                }
            }
            return Double(found) / Double(trials)
        }
        func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
        StoreBench.say(
            "metrics.history: \(runs) earlier runs + the current, \(values) measurements a run, \(trials) trials, seed \(seed)"
        )
        StoreBench.say("metrics.detected.rsd5.plus20: \(percent(rate(spread: 0.05, change: 0.20))) (target >= 95 %)")
        StoreBench.say("metrics.falseAlarms.rsd5: \(percent(rate(spread: 0.05, change: 0))) (target <= 1 %)")
        StoreBench.say("metrics.falseAlarms.rsd30: \(percent(rate(spread: 0.30, change: 0))) (target <= 1 %)")
        var smallest: Int?
        for step in stride(from: 10, through: 300, by: 10) {
            let detected = rate(spread: 0.30, change: Double(step) / 100)
            StoreBench.say("metrics.detected.rsd30.plus\(step): \(percent(detected))")
            if detected >= 0.95 {
                smallest = step
                break
            }
        }
        StoreBench.say(
            "metrics.smallestChangeDetected95.rsd30: " + (smallest.map { "+\($0) %" } ?? "none up to +300 %"))
    }
}
