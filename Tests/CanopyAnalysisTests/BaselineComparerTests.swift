import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

@Suite struct BaselineComparerTests {
    static func row(_ test: String, _ outcome: TestOutcome) -> TestRunRow {
        TestRunRow(
            runKey: "r", commit: nil, startedAt: nil, testKey: test, device: nil, osVersion: nil, outcome: outcome,
            attempts: outcome == .flaky ? 2 : 1, failedAttempts: outcome == .failed || outcome == .flaky ? 1 : 0,
            infrastructureFailedAttempts: 0)
    }

    static func issue(_ type: String, _ identifier: String, _ severity: AuditIssue.Severity = .error) -> AuditIssue {
        AuditIssue(
            auditType: type, severity: severity, compactDescription: type,
            element: ElementReference(identifier: identifier),
            screen: "Checkout", origin: .auditFile, source: "audit.json")
    }

    @Test func newFailuresFixedTestsNewFlakyAuditAndCoverage() {
        let baseline = BaselineSnapshot(
            runKey: "night-1", commit: "a",
            tests: [
                Self.row("A", .passed), Self.row("B", .failed), Self.row("C", .passed), Self.row("D", .flaky),
                Self.row("E", .failed),
            ],
            auditIssues: [
                Self.issue("contrast", "Pay"), Self.issue("hitRegion", "Close"),
                Self.issue("textClipped", "Title", .warning),
            ],
            coverage: [CoverageFigure(scope: .overall, name: "", interactive: 10, identified: 8)])
        let current = BaselineSnapshot(
            runKey: "night-2", commit: "b",
            tests: [
                Self.row("A", .failed), Self.row("B", .passed), Self.row("C", .flaky), Self.row("D", .flaky),
                Self.row("E", .failed), Self.row("N", .failed),
            ],
            auditIssues: [Self.issue("contrast", "Pay"), Self.issue("dynamicType", "Title")],
            coverage: [
                CoverageFigure(scope: .overall, name: "", interactive: 10, identified: 7),
                CoverageFigure(scope: .screen, name: "Checkout", interactive: 4, identified: 4),
            ])
        let comparison = BaselineComparer.compare(current, with: baseline)
        #expect(comparison.baselineRunKey == "night-1")
        #expect(comparison.failingNotInBaseline == ["A", "N"])
        #expect(comparison.fixedTests == ["B"])
        #expect(comparison.passedOnRetryNotInBaseline == ["C"])
        #expect(comparison.stillFailing == ["E"])
        #expect(comparison.newAuditIssues.map(\.auditType) == ["dynamicType"])
        #expect(comparison.resolvedAuditIssues == 2)
        // The baseline's figures, for the dashboard's audit tiles.
        #expect(comparison.baselineAuditErrors == 2 && comparison.baselineAuditWarnings == 1)
        #expect(comparison.coverage.first?.scope == .overall)
        #expect(abs((comparison.overallCoverage?.delta ?? 0) + 0.1) < 1e-9)
        #expect(comparison.coverage.last == CoverageChange(scope: .screen, name: "Checkout", before: nil, after: 1))
    }

    /// As the gates count it, and as insights.json must say it: with nothing to compare with,
    /// every failing test, flaky test and audit issue is new; coverage has no "before".
    /// A test that took 3.8 s and now takes 95 s showed only as the run's total time going up.
    @Test func testsAtLeastTwiceAsSlowByFiveSecondsAreListedSlowestChangeFirst() {
        func timed(_ test: String, _ seconds: Double?) -> TestRunRow {
            var row = Self.row(test, .passed)
            row.duration = seconds
            return row
        }
        let baseline = BaselineSnapshot(
            runKey: "night-1", commit: "a",
            tests: [timed("A", 3.8), timed("B", 10), timed("C", 1), timed("D", 20), timed("E", nil)],
            auditIssues: [], coverage: [])
        let current = BaselineSnapshot(
            runKey: "night-2", commit: "b",
            tests: [timed("A", 95), timed("B", 19), timed("C", 5.9), timed("D", 46), timed("E", 60), timed("N", 90)],
            auditIssues: [], coverage: [])
        let comparison = BaselineComparer.compare(current, with: baseline)
        // B is not twice as slow, C is not five seconds slower; E and N have no time to compare with.
        #expect(
            comparison.slowerTests == [
                SlowerTest(testKey: "A", before: 3.8, after: 95), SlowerTest(testKey: "D", before: 20, after: 46),
            ])
        #expect(BaselineComparer.compare(current, with: nil).slowerTests == [])
        // Configured thresholds: B (×1.9, +9 s) counts at ×1.5; at most one listed, the largest slowdown.
        let loose = BaselineComparer.compare(
            current, with: baseline, slowdown: SlowdownThresholds(ratio: 1.5, seconds: 5, limit: 2))
        #expect(loose.slowerTests.map(\.testKey) == ["A", "D"])
        let wider = BaselineComparer.compare(
            current, with: baseline, slowdown: SlowdownThresholds(ratio: 1.5, seconds: 5, limit: 10))
        #expect(wider.slowerTests.map(\.testKey) == ["A", "D", "B"])
        let one = BaselineComparer.compare(current, with: baseline, slowdown: SlowdownThresholds(limit: 1))
        #expect(one.slowerTests.map(\.testKey) == ["A"])
    }

    @Test func withoutABaselineEverythingIsNew() {
        let issue = AuditIssue(
            auditType: "contrast", severity: .error, compactDescription: "Contrast failed", origin: .auditFile,
            source: "a.json")
        let current = BaselineSnapshot(
            runKey: "x", commit: nil,
            tests: [Self.row("B", .failed), Self.row("A", .failed), Self.row("C", .flaky), Self.row("D", .passed)],
            auditIssues: [issue], coverage: [CoverageFigure(scope: .overall, name: "", interactive: 10, identified: 8)])
        let comparison = BaselineComparer.compare(current, with: nil)
        #expect(comparison.baselineRunKey == nil)
        #expect(comparison.failingNotInBaseline == ["A", "B"])
        #expect(comparison.passedOnRetryNotInBaseline == ["C"])
        #expect(comparison.newAuditIssues == [issue])
        #expect(comparison.coverage == [CoverageChange(scope: .overall, name: "", before: nil, after: 0.8)])
        #expect(comparison.fixedTests.isEmpty && comparison.stillFailing.isEmpty)
        #expect(comparison.baselineAuditErrors == nil && comparison.baselineAuditWarnings == nil)
    }

    @Test func aSnapshotOfARunUsesItsDigestForInfrastructure() {
        let identity = TestIdentity(className: "A", name: "a")
        let run = Run(
            metadata: RunMetadata(runKey: "k"),
            tests: [TestCase(identity: identity, attempts: [Attempt(outcome: .failed), Attempt(outcome: .passed)])])
        let digest = RunDigest(failures: [
            FailureDigest(
                testKey: "A/a", attemptIndex: 0, category: "simulatorCrash", isInfrastructure: true, fingerprint: "f",
                normalizedMessage: "m")
        ])
        let snapshot = BaselineSnapshot(run: run, digest: digest)
        #expect(snapshot.tests.first?.infrastructureFailedAttempts == 1)
        #expect(snapshot.tests.first.map(FlakinessAnalyzer.verdict(of:)) == .infrastructureFlake)
    }
}
