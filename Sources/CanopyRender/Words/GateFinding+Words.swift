import CanopyModel
import Foundation

/// A gate's name and detail: the words every surface that shows a gate prints (the summary, the
/// comment, the page, Slack, `insights.json`, the CLI's lines).
extension GateFinding {
    /// The gate's name, e.g. `no new failures`, `at least 250 tests`.
    package var name: String {
        switch self {
        case .minimumTests(_, let required): return "at least \(required) test\(required == 1 ? "" : "s")"
        case .minimumCoverage: return "minimum identifier coverage"
        case .coverageDrop: return "maximum coverage drop"
        case .newFailures: return "no new failures"
        case .failures(_, let allowed): return allowed == 0 ? "no failing tests" : "at most \(allowed) failing tests"
        case .newFlakyTests: return "no new flaky tests"
        case .newAuditErrors: return "no new accessibility errors"
        case .missingTests: return "no missing tests"
        case .testCommand: return "test command explained"
        case .failuresInCategory(let category, _, _): return "failures caused by \(category)"
        case .metricRegressions: return "no metric regressions"
        }
    }

    /// What was measured against what was allowed (`3 new failing test(s), at most 0 allowed`);
    /// `passed` is the gate's verdict.
    package func detail(passed: Bool) -> String {
        func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
        func atMost(_ count: Int, _ noun: String, _ allowed: Int) -> String {
            "\(count) \(noun), at most \(allowed) allowed"
        }
        switch self {
        case .minimumTests(let tests, let required):
            return "\(tests) test(s) in the test results, at least \(required) required"
                + (!passed && tests == 0 ? "; did the test step run? (gates.minimumTests: 0 turns this off)" : "")
        case .minimumCoverage(let coverage?, let required):
            return "coverage \(percent(coverage)), at least \(percent(required)) required"
        case .minimumCoverage(nil, _):
            return "no element-tree snapshots given; coverage not measured"
        case .coverageDrop(let baseline, let coverage, let allowed):
            let drop = baseline - coverage
            return
                "coverage \(percent(baseline)) → \(percent(coverage)) (\(drop > 0 ? "-" : "+")\(percent(abs(drop)))), at most -\(percent(allowed)) allowed"
        case .newFailures(let tests, let allowed): return atMost(tests, "new failing test(s)", allowed)
        case .failures(let tests, let allowed): return atMost(tests, "failing test(s), new or not", allowed)
        case .newFlakyTests(let tests, let allowed): return atMost(tests, "new flaky test(s)", allowed)
        case .newAuditErrors(let errors, let allowed): return atMost(errors, "new accessibility error(s)", allowed)
        case .missingTests(let missing, let allowed):
            return "\(Self.missing(missing)), at most \(allowed) allowed"
        case .testCommand(let code, let finding):
            return Self.testCommand(code, finding)
        case .failuresInCategory(let category, let tests, let allowed):
            return "\(tests) failing test(s) in category \(category), at most \(allowed) allowed"
        case .metricRegressions(let metrics, let judged, let allowed):
            return
                "\(metrics) of \(judged) metric(s) judged against history newly regressed in this run, at most \(allowed) allowed"
        }
    }

    /// `37 test(s) of the baseline did not run: 30 of CheckoutTests, 7 of PlayerTests` (the three
    /// largest suites).
    static func missing(_ missing: MissingTests) -> String {
        var text = "\(missing.tests) test(s) of the baseline did not run"
        guard !missing.suites.isEmpty else { return text }
        text += ": " + missing.suites.prefix(3).map { "\($0.tests) of \($0.suite)" }.joined(separator: ", ")
        if missing.suites.count > 3 { text += ", … (\(missing.suites.count) suites)" }
        return text
    }

    static func testCommand(_ code: Int32, _ finding: TestCommandFinding) -> String {
        switch finding {
        case .crashed(let records, let missing):
            return "the test command exited \(code) and the test runner crashed (\(records) crash record(s))"
                + (missing.map { "; " + Self.missing($0) } ?? "") + ": the results may be incomplete"
        case .cutOff(let listed, let declared):
            return "the test command exited \(code) and the results list \(listed) of the \(declared) "
                + "tests they declare: the run was cut off"
        case .noFailingTest:
            return "the test command exited \(code), but its results show no failing test: the build may have failed, "
                + "or the run stopped before writing results"
        case .explained:
            return "the test command exited \(code); its failing tests are in the results, judged by the other gates"
        }
    }
}

extension AuditIssue {
    /// The new-accessibility-errors gate's item for the issue: `type: description on element`.
    package var gateItem: String {
        "\(auditType): \(compactDescription) on \(element?.identifier ?? element?.label ?? "an element")"
    }
}
