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
        if let limit = configuration.maximumMissingTests {
            results.append(missingTests(input.missingTests, limit: limit))
        }
        if let gate = testCommand(input) { results.append(gate) }
        for (category, limit) in configuration.maximumFailuresPerCategory.sorted(by: { $0.key < $1.key }) {
            let count = input.failuresPerCategory[category] ?? 0
            results.append(
                GateResult(
                    name: "failures caused by \(category)", passed: count <= limit,
                    detail: "\(count) failing test(s) in category \(category), at most \(limit) allowed"))
        }
        return results
    }

    /// The missing-tests gate: the baseline's tests this run lacks, counted per suite.
    static func missingTests(_ missing: [String], limit: Int) -> GateResult {
        GateResult(
            name: "no missing tests", passed: missing.count <= limit,
            detail: "\(missing.count) test(s) of the baseline did not run\(bySuite(missing)), at most \(limit) allowed",
            items: Array(missing.prefix(20)))
    }

    /// `: 30 of CheckoutTests, 7 of PlayerTests` (the three largest suites), or nothing.
    static func bySuite(_ keys: [String]) -> String {
        guard !keys.isEmpty else { return "" }
        let largest = SuiteGroups.of(keys).map { (key: $0.suite, value: $0.keys.count) }
        var text = ": " + largest.prefix(3).map { "\($0.value) of \($0.key)" }.joined(separator: ", ")
        if largest.count > 3 { text += ", … (\(largest.count) suites)" }
        return text
    }

    /// The test-command gate, when `--test-exit-code` is non-zero: the test command failed, and its
    /// results must say why. It fails when they explain nothing — no failing test in them (a build
    /// failure, a run cut off before its results) — or when the test runner crashed (its crash
    /// record: the tests after it may never have run); otherwise it passes and the other gates
    /// decide, so failures every rule excuses (quarantined, known flaky, failing on the target
    /// branch) let the job pass.
    static func testCommand(_ input: GateInput) -> GateResult? {
        guard let code = input.testExitCode, code != 0 else { return nil }
        let name = "test command explained"
        if !input.crashes.isEmpty {
            let missing =
                input.missingTests.isEmpty
                ? "" : "; \(input.missingTests.count) test(s) of the baseline did not run\(bySuite(input.missingTests))"
            return GateResult(
                name: name, passed: false,
                detail:
                    "the test command exited \(code) and the test runner crashed (\(input.crashes.count) crash record(s))"
                    + missing + ": the results may be incomplete",
                items: Array(input.crashes.prefix(20)))
        }
        if let declared = input.declaredTests {
            return GateResult(
                name: name, passed: false,
                detail:
                    "the test command exited \(code) and the results list \(declared.listed) of the \(declared.declared) "
                    + "tests they declare: the run was cut off")
        }
        if input.failures.isEmpty && input.excusedFailures.isEmpty {
            return GateResult(
                name: name, passed: false,
                detail:
                    "the test command exited \(code), but its results show no failing test: the build may have failed, "
                    + "or the run stopped before writing results")
        }
        return GateResult(
            name: name, passed: true,
            detail: "the test command exited \(code); its failing tests are in the results, judged by the other gates")
    }
}
