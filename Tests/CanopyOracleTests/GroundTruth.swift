import Foundation

/// The right answer for the scenario's current run, from the scenario alone, by the documented
/// rules (docs/identity-and-verdicts.md, docs/history-and-flakiness.md, docs/gates.md); never from
/// what Canopy wrote.
struct GroundTruth {
    /// A test's outcome as the JSON documents write it; `label` as the page and the text say it.
    enum Outcome: String {
        case passed, failed, skipped
        /// Passed on a retry after failing.
        case flaky = "passedOnRetry"

        var label: String { self == .flaky ? "passed on retry" : rawValue }
    }
    enum Verdict: String {
        case newFailure = "new-failure"
        case stillFailing = "still-failing"
        case excused, passed, skipped
        /// Passed on a retry after failing.
        case flaky = "passed-on-retry"
    }
    enum State: String {
        case stable, flaky
        case newlyBroken = "newly-broken"
        case stillFailing = "still-failing"
        case fixed
        case unconfirmedFailure = "unconfirmed-failure"
    }

    struct Expected {
        var test: OracleTest
        var outcome: Outcome
        var verdict: Verdict
        /// Verdicts the documents leave open for this test (besides `verdict`).
        var alsoAllowed: Set<Verdict> = []
        var excusedBecause: String?
        /// nil where the documented rule leaves the state open for this history (a statistical edge).
        var state: State?
        /// The commit the state dates from (still failing, newly broken, fixed), when certain.
        var since: String?
        var quarantine: OracleQuarantineEntry?
        /// Failing now and not in the baseline: new by the comparison, whether excused or not.
        var failedSinceBaseline = false
    }

    var expected: [String: Expected] = [:]
    /// Every test's state at the end of the window (this run included), whether in this run or not.
    var states: [String: (state: State?, since: String?)] = [:]
    /// Every key of the scenario, longest first, so that a key is never found inside a longer one.
    var allKeys: [String] = []
    /// The exit code by docs/gates.md and docs/commands.md#exit-codes.
    var exitCode: Int32
    /// No readable input: no verdict exists.
    var unreadable: Bool
    var totals: (tests: Int, passed: Int, failed: Int, flaky: Int, skipped: Int)
    var newAuditErrors: [OracleAuditIssue]
    /// The current run's XCTMetric changes (docs/performance.md).
    var metrics = MetricTruth()

    func keys(_ verdict: Verdict) -> Set<String> {
        Set(expected.values.filter { $0.verdict == verdict }.map(\.test.key))
    }
    func keys(state: State) -> Set<String> { Set(expected.values.filter { $0.state == state }.map(\.test.key)) }

    init(_ scenario: Scenario) {
        let current = scenario.currentIndex
        unreadable = scenario.current.unreadable != nil
        let baseline = current - 1
        // The runs whose commits judge a test's state: the target branch's, then this run.
        let history = scenario.runs.filter { !$0.isPullRequest || $0.index == current }
        var newAuditErrors: [OracleAuditIssue] = []
        if scenario.withAudits {
            newAuditErrors = scenario.audits.filter { $0.firstRun == current && $0.isError && !$0.quarantined }
        }
        self.newAuditErrors = newAuditErrors
        var totals = (tests: 0, passed: 0, failed: 0, flaky: 0, skipped: 0)
        var gateFailures = 0
        for test in scenario.currentTests {
            let outcome = Self.outcome(test.runs[current])
            totals.tests += 1
            switch outcome {
            case .passed: totals.passed += 1
            case .failed: totals.failed += 1
            case .flaky: totals.flaky += 1
            case .skipped: totals.skipped += 1
            }
            let entry = scenario.quarantine.first { $0.test == test.key }
            var expected = Expected(test: test, outcome: outcome, verdict: .passed, quarantine: entry)
            switch outcome {
            case .passed: expected.verdict = .passed
            case .skipped: expected.verdict = .skipped
            case .flaky: expected.verdict = .flaky
            case .failed:
                let failedInBaseline = Self.outcome(test.runs[baseline]) == .failed
                expected.failedSinceBaseline = !failedInBaseline
                if let entry, entry.active {
                    expected.verdict = .excused
                    expected.excusedBecause = "quarantined"
                    if failedInBaseline { expected.alsoAllowed = [.stillFailing] }
                } else if failedInBaseline {
                    expected.verdict = .stillFailing
                } else if test.fate == .knownFlakyFailsAsBefore {
                    expected.verdict = .excused
                    expected.excusedBecause = "known-flaky"
                } else {
                    expected.verdict = .newFailure
                    gateFailures += 1
                }
            }
            (expected.state, expected.since) = Self.state(of: test, over: history)
            self.expected[test.key] = expected
        }
        self.totals = totals
        for test in scenario.tests { states[test.key] = Self.state(of: test, over: history) }
        allKeys = Array(Set(scenario.tests.map(\.key))).sorted { $0.count > $1.count }
        metrics = MetricTruth(scenario)
        if unreadable {
            exitCode = 2
        } else if gateFailures > 0 || !newAuditErrors.isEmpty || totals.tests < 1 || metrics.regressedHere > 0 {
            exitCode = 1
        } else {
            exitCode = 0
        }
    }

    static func outcome(_ attempts: [AttemptResult]) -> Outcome {
        var passed = false
        var failed = false
        for attempt in attempts {
            switch attempt {
            case .passed: passed = true
            case .failed: failed = true
            case .skipped: break
            }
        }
        if passed && failed { return .flaky }
        if failed { return .failed }
        if passed { return .passed }
        return .skipped
    }

    /// The state by docs/history-and-flakiness.md#flakiness, over one commit per run, where the rule's
    /// answer is certain for this history; nil where it hangs on the statistics' edge.
    static func state(of test: OracleTest, over runs: [OracleRun]) -> (State?, String?) {
        var verdicts: [(Outcome, String)] = []
        for run in runs where !test.runs[run.index].isEmpty {
            let outcome = outcome(test.runs[run.index])
            if outcome != .skipped { verdicts.append((outcome, run.commit)) }
        }
        if verdicts.isEmpty { return (nil, nil) }
        if verdicts.contains(where: { $0.0 == .flaky }) { return (.flaky, nil) }
        let failing = verdicts.map { $0.0 == .failed }
        if !failing.contains(true) { return (.stable, nil) }
        if !failing.contains(false) { return (.stillFailing, verdicts[0].1) }
        guard let firstFail = failing.firstIndex(of: true), let lastFail = failing.lastIndex(of: true) else {
            return (nil, nil)
        }
        let block = failing[firstFail...lastFail]
        if block.contains(false) { return (nil, nil) }  // flips: left to the statistics
        if lastFail == failing.count - 1 {
            // Passing, then a trailing block of failures: the run-length test against a Wilson bound
            // of the earlier rate, which is 0 failures in `firstFail` commits.
            let length = failing.count - firstFail
            if length < 2 { return (.unconfirmedFailure, verdicts[firstFail].1) }
            let z = 1.96
            let n = Double(firstFail)
            let upper = (z * z / n) / (1 + z * z / n)
            let p = pow(upper, Double(length))
            if p < 0.025 { return (.newlyBroken, verdicts[firstFail].1) }
            if p > 0.1 { return (.unconfirmedFailure, verdicts[firstFail].1) }
            return (nil, verdicts[firstFail].1)
        }
        if firstFail == 0 { return (.fixed, verdicts[lastFail + 1].1) }
        // Passes, one block of failures, passes: the same test against the rate of the commits on
        // both sides of the block (0 failures in all of them).
        let length = lastFail - firstFail + 1
        if length < 2 { return (.flaky, nil) }
        let z = 1.96
        let n = Double(firstFail + failing.count - 1 - lastFail)
        let upper = (z * z / n) / (1 + z * z / n)
        let p = pow(upper, Double(length))
        if p < 0.025 { return (.fixed, verdicts[lastFail + 1].1) }
        if p > 0.1 { return (.flaky, nil) }
        return (nil, nil)
    }

    /// The scenario and its ground truth, for a reader replaying a seed (`oracle.txt`).
    func dump(_ scenario: Scenario) -> String {
        var lines = [
            "seed \(scenario.seed): expected exit code \(exitCode)\(unreadable ? " (an unreadable input)" : "")"
        ]
        for run in scenario.runs {
            lines.append(
                "run \(run.index): \(run.branch)@\(run.commit.prefix(12)) \(run.startedAt) plain \(run.plainShape.rawValue), devices \(run.deviceShape.rawValue)\(run.withSnapshots ? ", snapshots" : "")\(run.unreadable.map { ", unreadable: \($0.rawValue)" } ?? "")"
            )
        }
        for entry in scenario.quarantine {
            lines.append(
                "quarantine line \(entry.line): \(entry.test ?? entry.identifier ?? "") until \(entry.expires)\(entry.active ? "" : " (expired)")\(entry.matchesNothing ? " (matches nothing)" : "")"
            )
        }
        for issue in scenario.audits {
            lines.append(
                "audit \(issue.identifier) \(issue.auditType) \(issue.isError ? "error" : "warning") from run \(issue.firstRun)\(issue.quarantined ? " (quarantined)" : "")"
            )
        }
        for test in scenario.tests.sorted(by: { $0.key < $1.key }) {
            let history = test.runs.map { attempts -> String in
                if attempts.isEmpty { return "-" }
                return attempts.map { attempt -> String in
                    switch attempt {
                    case .passed: return "P"
                    case .failed: return "F"
                    case .skipped: return "S"
                    }
                }.joined()
            }.joined(separator: " ")
            var line = "\(test.key) [\(test.fate.rawValue)] \(history)"
            if let expected = expected[test.key] {
                line += " => \(expected.outcome.rawValue), \(expected.verdict.rawValue)"
                if let because = expected.excusedBecause { line += " (\(because))" }
            }
            if let state = states[test.key] {
                line +=
                    ", state \(state.state?.rawValue ?? "open")\(state.since.map { " since \($0.prefix(12))" } ?? "")"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
