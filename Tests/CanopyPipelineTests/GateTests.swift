import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation
import Testing

@testable import CanopyConfig
@testable import CanopyPipeline

@Suite("Gates, quarantine, annotations")
struct GateTests {
    @Test("gates pass and fail at their limits")
    func gates() {
        let config = GateConfiguration(
            minimumCoverage: 0.8, maximumCoverageDrop: 0.02, maximumNewFailures: 0, maximumNewFlakyTests: 1,
            maximumNewAuditErrors: 0, maximumFailuresPerCategory: ["appCrashed": 0])
        var flaky = TestVerdict(test: "A/y", outcome: .flaky, kind: .passedOnRetry)
        flaky.isNewFlaky = true
        let input = GateInput(
            coverage: 0.75, baselineCoverage: 0.8,
            verdicts: RunVerdicts(tests: [TestVerdict(test: "A/x", outcome: .failed, kind: .newFailure), flaky]),
            newAuditIssues: [], failuresPerCategory: ["appCrashed": 2])
        let results = Dictionary(
            uniqueKeysWithValues: GateEvaluator.evaluate(input, configuration: config).map { ($0.name, $0) })
        #expect(results["minimum identifier coverage"]?.passed == false)
        #expect(results["maximum coverage drop"]?.passed == false)
        #expect(results["no new failures"]?.passed == false)
        #expect(results["no new failures"]?.items == ["A/x"])
        #expect(results["no new flaky tests"]?.passed == true)
        #expect(results["no new accessibility errors"]?.passed == true)
        #expect(results["failures caused by appCrashed"]?.passed == false)
        let clean = GateEvaluator.evaluate(GateInput(coverage: 0.9, baselineCoverage: 0.9), configuration: config)
        #expect(clean.allSatisfy { $0.passed })
    }

    /// A test step that died before writing results leaves an empty JUnit file: the run must not
    /// pass as "100% passed" (as GitHub test-report actions fail on an empty report).
    @Test("the tests gate: results without a test fail it; no test results given (snapshots only) is not judged")
    func minimumTests() {
        let empty = GateEvaluator.evaluate(GateInput(tests: 0), configuration: GateConfiguration())
        let gate = empty.first { $0.name == "at least 1 test" }
        #expect(gate?.passed == false)
        #expect(gate?.detail.contains("0 test(s) in the test results") == true)
        // On by default, it is listed only when it fails, unless set.
        #expect(
            !GateEvaluator.evaluate(GateInput(tests: 3), configuration: GateConfiguration()).contains {
                $0.name.hasPrefix("at least")
            })
        #expect(
            !GateEvaluator.evaluate(GateInput(tests: nil), configuration: GateConfiguration()).contains {
                $0.name.hasPrefix("at least")
            })
        var set = GateConfiguration()
        set.minimumTests = 250
        let listed = GateEvaluator.evaluate(GateInput(tests: 298), configuration: set)
        #expect(listed.first { $0.name == "at least 250 tests" }?.passed == true)
        #expect(
            GateEvaluator.evaluate(GateInput(tests: 200), configuration: set).first { $0.name == "at least 250 tests" }?
                .passed == false)
        set.minimumTests = 0
        #expect(
            !GateEvaluator.evaluate(GateInput(tests: 0), configuration: set).contains { $0.name.hasPrefix("at least") })
    }

    @Test("the step summary appends what fits beside what earlier steps wrote (GitHub drops it all past 1 MiB)")
    func stepSummaryRoom() {
        #expect(RunCommand.stepSummary(summary: "long summary", short: "short", room: 100) == "long summary")
        #expect(RunCommand.stepSummary(summary: "long summary", short: "short", room: 8) == "short")
        #expect(
            RunCommand.stepSummary(summary: "long summary", short: "short", room: 3).hasPrefix(
                "Canopy: the step summary has no room"))
    }

    /// State changes within a trend's window: a test turning flaky is one (since its first failure);
    /// a test that first appears in the window, failing, is not a change; "from" is what came before.
    @Test(
        "trend state changes: flaky since its first failure, no change for a test new to the window, the state before")
    func trendStateChanges() {
        let commits = (1...6).map { "c\($0)" }
        let points = commits.enumerated().map { index, commit in
            TrendPoint(
                runKey: commit, commit: commit, branch: "main",
                startedAt: Date(timeIntervalSince1970: Double(index) * 86_400), tests: 3, passed: 3,
                failed: 0, passedOnRetry: 0, skipped: 0, passRate: 1, duration: 1, auditIssues: 0, auditErrors: 0,
                coverage: nil, failedTestsByCause: [:])
        }
        func test(_ name: String, _ state: FlakinessState, _ verdicts: [(String, CommitVerdict)]) -> TestFlakiness {
            var evidence = FlakinessEvidence()
            evidence.commits = verdicts.map {
                CommitEvidence(
                    commit: $0.0, verdict: $0.1, runs: 1, failedRuns: $0.1 == .pass ? 0 : 1, attempts: 1,
                    failedAttempts: 0)
            }
            return TestFlakiness(
                key: FlakinessKey(testKey: name, device: nil, osVersion: nil), state: state, score: 0.5,
                entropyScore: 0, flipScore: 0,
                latest: .passed, evidence: evidence)
        }
        let flaky = test(
            "A/flaky", .flaky,
            [("c1", .pass), ("c2", .pass), ("c3", .mixed), ("c4", .pass), ("c5", .fail), ("c6", .pass)])
        let late = test("A/late", .stillFailing(since: "c4"), [("c4", .fail), ("c5", .fail), ("c6", .fail)])
        let fixed = test(
            "A/fixed", .fixed(at: "c5"),
            [("c1", .pass), ("c2", .pass), ("c3", .fail), ("c4", .fail), ("c5", .pass), ("c6", .pass)])
        // Failing from the window's first run, then fixed: it was never seen newly broken.
        let fixedFromStart = test(
            "A/fixedFromStart", .fixed(at: "c3"),
            [("c1", .fail), ("c2", .fail), ("c3", .pass), ("c4", .pass), ("c5", .pass), ("c6", .pass)])
        let changes = DashboardBuilder.changes(
            flakiness: [flaky, late, fixed, fixedFromStart], points: points, now: Date())
        // A test that broke and was fixed within the window shows both changes.
        #expect(changes.map(\.test) == ["A/fixed", "A/fixedFromStart", "A/flaky", "A/fixed"])
        #expect(
            changes.map { "\($0.from) → \($0.to) at \($0.commit)" } == [
                "stable → newlyBroken at c3", "stillFailing → fixed at c3", "stable → flaky at c3",
                "newlyBroken → fixed at c5",
            ])
    }

    @Test("annotation text is escaped the way GitHub's workflow commands require")
    func annotationEscaping() {
        #expect(Annotations.escapeData("50% done\nnext") == "50%25 done%0Anext")
        #expect(Annotations.escapeProperty("a:b,c") == "a%3Ab%2Cc")
    }
}
