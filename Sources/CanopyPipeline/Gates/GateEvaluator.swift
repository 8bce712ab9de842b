import CanopyModel
import Foundation

/// Evaluates the configured gates. Pure: values in, verdicts out.
package enum GateEvaluator {
    package static func evaluate(_ input: GateInput, configuration: GateConfiguration) -> [GateResult] {
        var results: [GateResult] = []
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

        let minimumTests = configuration.minimumTests ?? 1
        if let tests = input.tests, minimumTests > 0, tests < minimumTests || configuration.minimumTests != nil {
            let passed = tests >= minimumTests
            results.append(
                GateResult(
                    name: "at least \(minimumTests) test\(minimumTests == 1 ? "" : "s")", passed: passed,
                    detail: "\(tests) test(s) in the test results, at least \(minimumTests) required"
                        + (passed
                            ? "" : tests == 0 ? "; did the test step run? (gates.minimumTests: 0 turns this off)" : ""))
            )
        }

        if let minimum = configuration.minimumCoverage {
            if let coverage = input.coverage {
                results.append(
                    GateResult(
                        name: "minimum identifier coverage", passed: coverage + 1e-9 >= minimum,
                        detail: "coverage \(percent(coverage)), at least \(percent(minimum)) required"))
            } else {
                results.append(
                    GateResult(
                        name: "minimum identifier coverage", passed: true,
                        detail: "no element-tree snapshots given; coverage not measured"))
            }
        }
        if let maximum = configuration.maximumCoverageDrop, let coverage = input.coverage,
            let baseline = input.baselineCoverage
        {
            let drop = baseline - coverage
            results.append(
                GateResult(
                    name: "maximum coverage drop", passed: drop <= maximum + 1e-9,
                    detail:
                        "coverage \(percent(baseline)) → \(percent(coverage)) (\(drop > 0 ? "-" : "+")\(percent(abs(drop)))), at most -\(percent(maximum)) allowed"
                ))
        }
        func countGate(_ name: String, _ items: [String], _ limit: Int?, _ noun: String) {
            guard let limit else { return }
            results.append(
                GateResult(
                    name: name, passed: items.count <= limit,
                    detail: "\(items.count) \(noun), at most \(limit) allowed", items: Array(items.prefix(20))))
        }
        countGate("no new failures", input.newFailures, configuration.maximumNewFailures, "new failing test(s)")
        countGate(
            configuration.maximumFailures == 0
                ? "no failing tests" : "at most \(configuration.maximumFailures ?? 0) failing tests", input.failures,
            configuration.maximumFailures, "failing test(s), new or not")
        countGate("no new flaky tests", input.newFlakyTests, configuration.maximumNewFlakyTests, "new flaky test(s)")
        countGate(
            "no new accessibility errors", input.newAuditErrors, configuration.maximumNewAuditErrors,
            "new accessibility error(s)")
        for (category, limit) in configuration.maximumFailuresPerCategory.sorted(by: { $0.key < $1.key }) {
            let count = input.failuresPerCategory[category] ?? 0
            results.append(
                GateResult(
                    name: "failures caused by \(category)", passed: count <= limit,
                    detail: "\(count) failing test(s) in category \(category), at most \(limit) allowed"))
        }
        return results
    }
}
