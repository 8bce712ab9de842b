import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// The `canopy.insights/4` document: what history and the gates said about a run.
struct RunInsightsDocument: Encodable {
    var schema = "canopy.insights/4"
    var runKey: String
    var baselineRunKey: String?
    var baseline: BaselineEntry
    var flakiness: [TestFlakiness]
    var flakyElements: [FlakyElement]
    /// What each test flaky over the window cost in it, costliest first (`FlakyCost`).
    var flakyCosts: [FlakyCost]
    var gates: [GateResult]
    /// The failing tests the new-failures gate did not count, and why (`known flaky`,
    /// `quarantined until …: reason`): with `baseline.newFailures` they give the gate's count.
    var excusedFailures: [ExcusedFailureEntry]
    /// The verdict of every test that did not simply pass while stable: failing, passed on a
    /// retry, skipped, not stable in history, or quarantined (`RunVerdicts`, in the run's order).
    /// Every list the summary, the comment and the page show is drawn from these.
    var verdicts: [VerdictEntry]
    /// Each test's verdicts across the run's destinations, with the line the summary, the comment
    /// and the page show (`DestinationRollup`); absent for a run on fewer than two destinations.
    var destinations: DestinationsEntry?
    /// The run's XCTMetric changes across history (`MetricChange`); absent when none.
    var metricChanges: [MetricChangeEntry]?

    struct DestinationsEntry: Encodable {
        /// The destinations' labels, in the order the page's matrix shows them.
        var destinations: [String]
        var tests: [Test]

        /// One test across the destinations: `results` has one entry per destination it ran on.
        struct Test: Encodable {
            var test: String
            var line: String
            var uniform: Bool
            var results: [Result]
        }

        /// `verdict` is `new-failure`, `still-failing`, `excused`, `passed-on-retry`, `flaky`
        /// (passed, flaky in history), `passed` or `skipped`; `key` the test's key there.
        struct Result: Encodable {
            var destination: String
            var key: String
            var verdict: String
            var since: String?
        }

        init(_ rollup: DestinationRollup) {
            destinations = rollup.destinations
            tests = rollup.tests.map { test in
                Test(
                    test: test.test, line: test.line, uniform: test.isUniform,
                    results: test.cells.map {
                        Result(
                            destination: rollup.destinations[$0.destination], key: $0.key, verdict: $0.status.rawValue,
                            since: $0.since)
                    })
            }
        }
    }

    /// The comparison with the baseline, with the run's new failures and new flaky tests as the
    /// gates count them (docs/glossary.md) beside the raw differences they are drawn from
    /// (`failingNotInBaseline`, `passedOnRetryNotInBaseline`).
    struct BaselineEntry: Encodable {
        var comparison: BaselineComparison
        var newFailures: [String]
        var newFlakyTests: [String]

        private enum CodingKeys: String, CodingKey {
            case newFailures, newFlakyTests
        }

        func encode(to encoder: any Encoder) throws {
            try comparison.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(newFailures, forKey: .newFailures)
            try container.encode(newFlakyTests, forKey: .newFlakyTests)
        }
    }

    struct ExcusedFailureEntry: Encodable {
        var test: String
        var reason: String
    }

    /// One test's verdict: `verdict` is `new-failure`, `still-failing`, `excused`,
    /// `passed-on-retry`, `passed` or `skipped`; `state` its state over the judged window
    /// (`stable`, `flaky`, `newly-broken`, `still-failing`, `fixed`, `unconfirmed-failure`).
    struct VerdictEntry: Encodable {
        var key: String
        var outcome: String
        var verdict: String
        /// `quarantined` or `known-flaky`, for an excused failure.
        var excusedBecause: String?
        var newFailureReason: String?
        var newFlaky: Bool
        var state: String?
        var since: Since?
        var quarantine: Quarantine?

        struct Since: Encodable {
            var commit: String
            var branch: String?
        }

        struct Quarantine: Encodable {
            var reason: String?
            /// The last day it applies, `2026-12-01`.
            var expires: String?
        }
    }

    init(runKey: String, insights: HistoryInsights, gates: [GateResult], verdicts: RunVerdicts) {
        self.runKey = runKey
        baselineRunKey = insights.baselineRun?.key
        baseline = BaselineEntry(
            comparison: insights.comparison, newFailures: verdicts.newFailures.sorted(),
            newFlakyTests: verdicts.newFlaky.sorted())
        flakiness = insights.flakiness
        flakyElements = insights.flakyElements
        flakyCosts = insights.flakyCosts
        self.gates = gates
        excusedFailures = verdicts.excused.map { ExcusedFailureEntry(test: $0.test, reason: $0.reasonText) }
        destinations = verdicts.destinations.isEmpty ? nil : DestinationsEntry(verdicts.destinations)
        metricChanges = insights.metricChanges.isEmpty ? nil : insights.metricChanges.map(MetricChangeEntry.init)
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        self.verdicts = verdicts.tests.lazy.filter {
            $0.kind != .passed || ($0.state != nil && $0.state != .stable) || $0.quarantine != nil
        }.map { verdict in
            VerdictEntry(
                key: verdict.test, outcome: verdict.outcome.rawValue, verdict: verdict.kind.rawValue,
                excusedBecause: verdict.excuse.map {
                    switch $0 {
                    case .knownFlaky: "known-flaky"
                    case .quarantined: "quarantined"
                    }
                },
                newFailureReason: verdict.newFailureNote, newFlaky: verdict.isNewFlaky,
                state: verdict.state.map(Self.stateName),
                since: verdict.since.map { VerdictEntry.Since(commit: $0, branch: verdict.stateBranch) },
                quarantine: verdict.quarantine.map {
                    VerdictEntry.Quarantine(reason: $0.reason, expires: $0.expires.map { day.string(from: $0) })
                })
        }
    }

    /// A state's name in the document (`newly-broken`).
    static func stateName(_ state: FlakinessState) -> String {
        switch state {
        case .stable: "stable"
        case .flaky: "flaky"
        case .newlyBroken: "newly-broken"
        case .stillFailing: "still-failing"
        case .fixed: "fixed"
        case .unconfirmedFailure: "unconfirmed-failure"
        }
    }
}
