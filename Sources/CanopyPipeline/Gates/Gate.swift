import CanopyModel
import Foundation

/// A failing test the new-failures gate does not count, and why.
package struct ExcusedFailure: Sendable, Equatable, Hashable {
    package enum Reason: Sendable, Equatable, Hashable {
        /// History already calls the test flaky.
        case knownFlaky
        /// A `quarantine:` entry covers it, with its expiry and reason when given.
        case quarantined(until: Date?, reason: String?)
    }

    package var test: String
    package var reason: Reason

    package init(test: String, reason: Reason) {
        self.test = test
        self.reason = reason
    }

    /// `known flaky`, or `quarantined until 2026-12-01: reason`.
    package var reasonText: String {
        switch reason {
        case .knownFlaky:
            return "known flaky"
        case .quarantined(let until, let note):
            var text = "quarantined"
            if let until {
                let day = ISO8601DateFormatter()
                day.formatOptions = [.withFullDate]
                text += " until " + day.string(from: until)
            }
            if let note, !note.isEmpty { text += ": " + note }
            return text
        }
    }
}

/// The values the gates look at, computed by the pipeline from the report and the baseline.
package struct GateInput: Sendable, Equatable {
    /// Identifier coverage of this run, when snapshots were given.
    package var coverage: Double?
    /// Identifier coverage of the baseline run, when known.
    package var baselineCoverage: Double?
    /// Keys of tests failing now that did not fail in the baseline (all failing tests when there is none).
    package var newFailures: [String]
    /// Why a test in `newFailures` counts though history calls it flaky (`flaky before, but this
    /// failure is new: …`), by test key.
    package var newFailureReasons: [String: String] = [:]
    /// Keys of every failing test, new or not, but not quarantined ones.
    package var failures: [String] = []
    /// Failing tests left out of `newFailures`: quarantined, or known to be flaky.
    package var excusedFailures: [ExcusedFailure]
    package var newFlakyTests: [String]
    /// The audit issues the baseline did not have, less quarantined ones: what the new-audit-errors
    /// gate counts (its errors) and the annotations name.
    package var newAuditIssues: [AuditIssue]
    /// Failing tests per cause category.
    package var failuresPerCategory: [String: Int]
    /// Tests in the run, when test results (JUnit, xcresult) were given; nil for snapshots or
    /// audits alone.
    package var tests: Int?

    package init(
        coverage: Double? = nil, baselineCoverage: Double? = nil, newFailures: [String] = [],
        newFlakyTests: [String] = [],
        newAuditIssues: [AuditIssue] = [], failuresPerCategory: [String: Int] = [:],
        excusedFailures: [ExcusedFailure] = [],
        tests: Int? = nil
    ) {
        self.tests = tests
        self.coverage = coverage
        self.baselineCoverage = baselineCoverage
        self.newFailures = newFailures
        self.newFlakyTests = newFlakyTests
        self.newAuditIssues = newAuditIssues
        self.failuresPerCategory = failuresPerCategory
        self.excusedFailures = excusedFailures
    }

    /// The new accessibility errors among `newAuditIssues`, one line each (`type: description on
    /// element`): the new-audit-errors gate's items.
    package var newAuditErrors: [String] {
        newAuditIssues.filter { $0.severity == .error }
            .map { issue in
                "\(issue.auditType): \(issue.compactDescription) on \(issue.element?.identifier ?? issue.element?.label ?? "an element")"
            }
    }
}

/// One gate's verdict.
package struct GateResult: Sendable, Equatable, Codable {
    package var name: String
    package var passed: Bool
    /// What was measured against what was allowed (`3 new failures, at most 0 allowed`).
    package var detail: String
    /// The offending items, most important first (bounded).
    package var items: [String]

    package init(name: String, passed: Bool, detail: String, items: [String] = []) {
        self.name = name
        self.passed = passed
        self.detail = detail
        self.items = items
    }
}

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
