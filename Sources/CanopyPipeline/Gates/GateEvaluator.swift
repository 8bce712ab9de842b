import CanopyModel
import Foundation

/// Evaluates the configured gates. Pure: values in, verdicts out.
package enum GateEvaluator {
    package static func evaluate(_ input: GateInput, configuration: GateConfiguration) -> [GateResult] {
        var results: [GateResult] = []
        let minimumTests = configuration.minimumTests ?? 1
        if let tests = input.tests, minimumTests > 0, tests < minimumTests || configuration.minimumTests != nil {
            results.append(
                GateResult(.minimumTests(tests: tests, required: minimumTests), passed: tests >= minimumTests))
        }
        if let minimum = configuration.minimumCoverage {
            results.append(
                GateResult(
                    .minimumCoverage(coverage: input.coverage, required: minimum),
                    passed: input.coverage.map { $0 + 1e-9 >= minimum } ?? true))
        }
        if let maximum = configuration.maximumCoverageDrop, let coverage = input.coverage,
            let baseline = input.baselineCoverage
        {
            results.append(
                GateResult(
                    .coverageDrop(baseline: baseline, coverage: coverage, allowed: maximum),
                    passed: baseline - coverage <= maximum + 1e-9))
        }
        func countGate(_ items: [String], _ limit: Int?, _ finding: (Int, Int) -> GateFinding) {
            guard let limit else { return }
            results.append(
                GateResult(finding(items.count, limit), passed: items.count <= limit, items: Array(items.prefix(20))))
        }
        countGate(input.newFailures, configuration.maximumNewFailures) { .newFailures(tests: $0, allowed: $1) }
        countGate(input.failures, configuration.maximumFailures) { .failures(tests: $0, allowed: $1) }
        countGate(input.newFlakyTests, configuration.maximumNewFlakyTests) { .newFlakyTests(tests: $0, allowed: $1) }
        countGate(input.newAuditErrors, configuration.maximumNewAuditErrors) {
            .newAuditErrors(errors: $0, allowed: $1)
        }
        if let limit = configuration.maximumMissingTests {
            results.append(missingTests(input.missingTests, limit: limit))
        }
        if let limit = configuration.maximumMetricRegressions, input.metricsJudged > 0 {
            let regressions = input.metricRegressions.count
            results.append(
                GateResult(
                    .metricRegressions(metrics: regressions, judged: input.metricsJudged, allowed: limit),
                    passed: regressions <= limit, items: Array(input.metricRegressionItems.prefix(20))))
        }
        if let gate = testCommand(input) { results.append(gate) }
        for (category, limit) in configuration.maximumFailuresPerCategory.sorted(by: { $0.key < $1.key }) {
            let count = input.failuresPerCategory[category] ?? 0
            results.append(
                GateResult(
                    .failuresInCategory(category: category, tests: count, allowed: limit), passed: count <= limit))
        }
        return results
    }

    /// The missing-tests gate: the baseline's tests this run lacks, counted per suite.
    static func missingTests(_ missing: [String], limit: Int) -> GateResult {
        GateResult(
            .missingTests(GateFinding.MissingTests(missing), allowed: limit), passed: missing.count <= limit,
            items: Array(missing.prefix(20)))
    }

    /// The test-command gate, when `--test-exit-code` is non-zero: the test command failed, and its
    /// results must say why. It fails when they explain nothing — no failing test in them (a build
    /// failure, a run cut off before its results) — or when the test runner crashed (its crash
    /// record: the tests after it may never have run); otherwise it passes and the other gates
    /// decide, so failures every rule excuses (quarantined, known flaky, failing on the target
    /// branch) let the job pass.
    static func testCommand(_ input: GateInput) -> GateResult? {
        guard let code = input.testExitCode, code != 0 else { return nil }
        if !input.crashes.isEmpty {
            let missing = input.missingTests.isEmpty ? nil : GateFinding.MissingTests(input.missingTests)
            return GateResult(
                .testCommand(exitCode: code, .crashed(crashRecords: input.crashes.count, missing: missing)),
                passed: false, items: Array(input.crashes.prefix(20)))
        }
        if let declared = input.declaredTests {
            return GateResult(
                .testCommand(exitCode: code, .cutOff(listed: declared.listed, declared: declared.declared)),
                passed: false)
        }
        if input.failures.isEmpty && input.excusedFailures.isEmpty {
            return GateResult(.testCommand(exitCode: code, .noFailingTest), passed: false)
        }
        return GateResult(.testCommand(exitCode: code, .explained), passed: true)
    }
}
