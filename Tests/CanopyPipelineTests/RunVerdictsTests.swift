import CanopyAnalysis
import CanopyConfig
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

@Suite("One verdict per test")
struct RunVerdictsTests {
    static func row(_ key: String, _ outcome: TestOutcome) -> TestRunRow {
        TestRunRow(
            runKey: "r", commit: "pr-head", startedAt: nil, testKey: key, device: nil, osVersion: nil, outcome: outcome,
            attempts: outcome == .flaky ? 2 : 1, failedAttempts: outcome == .failed || outcome == .flaky ? 1 : 0,
            infrastructureFailedAttempts: 0)
    }

    @Test("a quarantined test still failing is excused with its entry; new and still failing apart; retries and skips")
    func kinds() {
        let rows = [
            Self.row("A/new", .failed), Self.row("A/still", .failed), Self.row("A/stillQuarantined", .failed),
            Self.row("A/retried", .flaky), Self.row("A/passed", .passed), Self.row("A/skipped", .skipped),
        ]
        let comparison = BaselineComparison(
            baselineRunKey: "base", failingNotInBaseline: ["A/new"], passedOnRetryNotInBaseline: ["A/retried"],
            stillFailing: ["A/still", "A/stillQuarantined"])
        let entry = QuarantineEntry(test: "A/stillQuarantined", reason: "known (JIRA-1)")
        let verdicts = RunVerdicts.judge(rows: rows, failures: [], comparison: comparison, quarantine: [entry])
        #expect(
            verdicts.tests.map(\.kind) == [.newFailure, .stillFailing, .excused, .passedOnRetry, .passed, .skipped])
        #expect(verdicts.newFailures == ["A/new"])
        #expect(verdicts.stillFailing == ["A/still"])
        #expect(
            verdicts.excused == [
                ExcusedFailure(test: "A/stillQuarantined", reason: .quarantined(until: nil, reason: "known (JIRA-1)"))
            ])
        #expect(verdicts.newFlaky == ["A/retried"])
        #expect(verdicts.failing == ["A/new", "A/still"])
    }

    @Test("on a pull request, a state dating from the request's own commit names no commit; the target's do")
    func sinceOnARequest() {
        let rows = [Self.row("A/broke", .failed), Self.row("A/old", .failed)]
        let comparison = BaselineComparison(
            baselineRunKey: "main-1", failingNotInBaseline: ["A/broke"], stillFailing: ["A/old"])
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [], comparison: comparison,
            states: ["A/broke": .unconfirmedFailure(since: "pr-head"), "A/old": .stillFailing(since: "main-abc")],
            stateBranch: "main", ownCommit: "pr-head", quarantine: [])
        #expect(verdicts[test: "A/broke"]?.since == nil)
        #expect(verdicts[test: "A/old"]?.since == "main-abc" && verdicts[test: "A/old"]?.stateBranch == "main")
    }

    @Test("a history strip says the test's state: failing since, fixed at, flaky since its first failure")
    func stripLabels() {
        func result(_ state: FlakinessState, _ verdicts: [CommitVerdict] = []) -> TestFlakiness {
            var evidence = FlakinessEvidence()
            evidence.commits = verdicts.enumerated().map {
                CommitEvidence(
                    commit: "c\($0.offset)", verdict: $0.element, runs: 1, failedRuns: 0, attempts: 1, failedAttempts: 0
                )
            }
            return TestFlakiness(
                key: FlakinessKey(testKey: "A/t", device: nil, osVersion: nil), state: state, score: 0, entropyScore: 0,
                flipScore: 0, latest: .passed, evidence: evidence)
        }
        #expect(DashboardBuilder.stripLabel(result(.stable)) == nil)
        #expect(DashboardBuilder.stripLabel(result(.newlyBroken(since: "c3"))) == "failing since c3")
        #expect(DashboardBuilder.stripLabel(result(.fixed(at: "c5"))) == "fixed at c5")
        #expect(DashboardBuilder.stripLabel(result(.flaky, [.pass, .mixed, .pass, .fail])) == "flaky since c1")
    }

    /// History names the test without a device (its runs were on one device); this run names it
    /// on a device. The name holds `@`: the key without its destination is the row's key up to
    /// its device, not up to the name's `@`.
    @Test("a known-flaky test failing as before is excused on a device, though its name holds an @")
    func knownFlakyOnADevice() {
        var row = Self.row("Share/mail a@b.com@iPhone 16 (18.2)", .failed)
        row.device = "iPhone 16 (18.2)"
        let failure = FailureDigest(
            testKey: row.testKey, attemptIndex: 0, category: "timeout", isInfrastructure: false, fingerprint: "fp-1",
            normalizedMessage: "Exceeded timeout of {duration}")
        let past = FlakyPast(flakyTests: ["Share/mail a@b.com"], fingerprints: ["Share/mail a@b.com": ["fp-1"]])
        let entry = QuarantineEntry(test: "Share/mail a@b.com", reason: "JIRA-2")
        let comparison = BaselineComparison(baselineRunKey: "base", failingNotInBaseline: [row.testKey])
        let verdicts = RunVerdicts.judge(
            rows: [row], failures: [failure], comparison: comparison, quarantine: [], flakyPast: past)
        #expect(verdicts.tests.map(\.kind) == [.excused])
        #expect(verdicts.excused == [ExcusedFailure(test: row.testKey, reason: .knownFlaky)])
        let quarantined = RunVerdicts.judge(rows: [row], failures: [], comparison: comparison, quarantine: [entry])
        #expect(quarantined.tests.map(\.kind) == [.excused])
        #expect(quarantined.quarantineEntry(forTest: row.testKey) == entry)
    }
}
