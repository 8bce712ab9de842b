import CanopyModel
import Foundation

/// Compares a run with its baseline: values in, values out.
package enum BaselineComparer {
    /// Compares `current` with `baseline`; with no baseline, nothing is new. Tests slower than in
    /// the baseline are those beyond `slowdown`.
    package static func compare(
        _ current: BaselineSnapshot, with baseline: BaselineSnapshot?,
        slowdown: SlowdownThresholds = SlowdownThresholds()
    ) -> BaselineComparison {
        guard let baseline else { return withoutBaseline(current) }
        let before = Dictionary(baseline.tests.map { ($0.testKey, $0.outcome) }, uniquingKeysWith: { $1 })
        var comparison = BaselineComparison(baselineRunKey: baseline.runKey)
        for test in current.tests {
            let previous = before[test.testKey]
            switch test.outcome {
            case .failed:
                if previous == .failed {
                    comparison.stillFailing.append(test.testKey)
                } else {
                    comparison.failingNotInBaseline.append(test.testKey)
                }
            case .passed:
                if previous == .failed { comparison.fixedTests.append(test.testKey) }
            case .flaky:
                if previous != .flaky { comparison.passedOnRetryNotInBaseline.append(test.testKey) }
            case .skipped, .expectedFailure:
                break
            }
        }
        let now = Set(current.tests.map(\.testKey))
        comparison.missingTests = before.keys.filter { !now.contains($0) }.sorted()
        comparison.failingNotInBaseline.sort()
        comparison.fixedTests.sort()
        comparison.passedOnRetryNotInBaseline.sort()
        comparison.stillFailing.sort()

        var baselineIssues: [AuditKey: Int] = [:]
        for issue in baseline.auditIssues { baselineIssues[AuditKey(issue), default: 0] += 1 }
        var unmatched = baselineIssues
        for issue in current.auditIssues {
            let key = AuditKey(issue)
            if let count = unmatched[key], count > 0 {
                unmatched[key] = count - 1
            } else {
                comparison.newAuditIssues.append(issue)
            }
        }
        comparison.resolvedAuditIssues = unmatched.values.reduce(0, +)
        (comparison.baselineAuditErrors, comparison.baselineAuditWarnings) = baseline.auditIssues.severityCounts
        comparison.coverage = coverageChanges(from: baseline.coverage, to: current.coverage)
        comparison.slowerTests = slowerTests(current.tests, than: baseline.tests, slowdown: slowdown)
        return comparison
    }

    /// The tests at least `slowdown.ratio` times their baseline time and `slowdown.seconds` more,
    /// the `slowdown.limit` largest slowdowns first.
    static func slowerTests(
        _ current: [TestRunRow], than baseline: [TestRunRow], slowdown: SlowdownThresholds = SlowdownThresholds()
    ) -> [SlowerTest] {
        var before: [String: Double] = [:]
        for test in baseline { if let duration = test.duration, duration.isFinite { before[test.testKey] = duration } }
        return slowerTests(current, than: before.mapValues { (seconds: $0, runs: nil) }, slowdown: slowdown)
    }

    /// The tests at least `slowdown.ratio` times their usual time (`usual`, by test key: seconds and
    /// how many passing runs they are the median of; nil runs for one baseline run) and
    /// `slowdown.seconds` more, the `slowdown.limit` largest slowdowns first: the one rule for
    /// slower tests. A test with a time in `latest` (a pull request's target branch's latest
    /// passing run) must be as much slower than that too: a slowdown the target had already is
    /// not the request's.
    package static func slowerTests(
        _ current: [TestRunRow], than usual: [String: (seconds: Double, runs: Int?)], slowdown: SlowdownThresholds,
        latest: [String: Double] = [:]
    ) -> [SlowerTest] {
        guard !usual.isEmpty else { return [] }
        func isSlower(_ after: Double, than before: Double) -> Bool {
            after >= before * slowdown.ratio && after - before >= slowdown.seconds
        }
        var slower: [SlowerTest] = []
        for test in current {
            guard let after = test.duration, after.isFinite, let was = usual[test.testKey],
                isSlower(after, than: was.seconds), latest[test.testKey].map({ isSlower(after, than: $0) }) ?? true
            else { continue }
            slower.append(SlowerTest(testKey: test.testKey, before: was.seconds, after: after, runs: was.runs))
        }
        return Array(
            slower.sorted { ($0.after - $0.before, $1.testKey) > ($1.after - $1.before, $0.testKey) }.prefix(
                max(0, slowdown.limit)))
    }

    /// With nothing to compare with, everything is new (as the gates count it): every failing
    /// test, every flaky test, every audit issue; coverage has no "before".
    static func withoutBaseline(_ current: BaselineSnapshot) -> BaselineComparison {
        var comparison = BaselineComparison(baselineRunKey: nil)
        comparison.failingNotInBaseline = current.tests.filter { $0.outcome == .failed }.map(\.testKey).sorted()
        comparison.passedOnRetryNotInBaseline = current.tests.filter { $0.outcome == .flaky }.map(\.testKey).sorted()
        comparison.newAuditIssues = current.auditIssues
        comparison.coverage = coverageChanges(from: [], to: current.coverage)
        return comparison
    }

    static func coverageChanges(from before: [CoverageFigure], to after: [CoverageFigure]) -> [CoverageChange] {
        func key(_ figure: CoverageFigure) -> String { figure.scope.rawValue + "\u{1F}" + figure.name }
        let old = Dictionary(before.map { (key($0), $0) }, uniquingKeysWith: { $1 })
        let new = Dictionary(after.map { (key($0), $0) }, uniquingKeysWith: { $1 })
        let order: [CoverageFigure.Scope] = [.overall, .branch, .screen, .elementType]
        return Set(old.keys).union(new.keys).compactMap { key -> CoverageChange? in
            guard let figure = new[key] ?? old[key] else { return nil }
            return CoverageChange(
                scope: figure.scope, name: figure.name, before: old[key]?.ratio, after: new[key]?.ratio)
        }.sorted {
            let l = order.firstIndex(of: $0.scope) ?? 0
            let r = order.firstIndex(of: $1.scope) ?? 0
            return (l, $0.name) < (r, $1.name)
        }
    }
}
