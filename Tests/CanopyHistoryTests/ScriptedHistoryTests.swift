import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// The scripted history stored, read back and analysed: every state, commit and score direction.
@Suite struct ScriptedHistoryTests {
    static func load(_ store: any HistoryStore) async throws {
        for (run, digest) in ScriptedHistory.runs {
            #expect(try await store.store(run, digest: digest) == .inserted)
        }
    }

    static func analyse(_ store: any HistoryStore, onlyTestsWithFailures: Bool) async throws -> [String: TestFlakiness]
    {
        var accumulator = FlakinessAccumulator()
        try await store.forEachTestRun(in: .all, onlyTestsWithFailures: onlyTestsWithFailures) { accumulator.add($0) }
        let results = accumulator.finish()
        return Dictionary(uniqueKeysWithValues: results.map { ($0.key.description, $0) })
    }

    static func main(_ name: String) -> String { ScriptedHistory.key(name) + " [18.2]" }

    @Test(arguments: StoreKind.available)
    func everyStateCommitAndScoreDirection(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            try await Self.load(store)
            let results = try await Self.analyse(store, onlyTestsWithFailures: false)
            func result(_ name: String) throws -> TestFlakiness { try #require(results[Self.main(name)], "\(name)") }

            let stable = try result("Stable/testStable")
            let flaky = try result("Flaky/testFlaky")
            let broken = try result("Broken/testNewlyBroken")
            let fixed = try result("Fixed/testFixed")
            let failing = try result("Failing/testAlwaysFails")
            let infra = try result("Infra/testInfra")
            let early = try result("Recency/testFlakyEarly")
            let late = try result("Recency/testFlakyLate")
            let unconfirmed = try result("Recent/testUnconfirmed")

            #expect(stable.state == .stable)
            #expect(flaky.state == .flaky)
            #expect(broken.state == .newlyBroken(since: "c10"))
            #expect(fixed.state == .fixed(at: "c12"))
            #expect(failing.state == .stillFailing(since: "c01"))
            #expect(infra.state == .stable)
            #expect(early.state == .flaky)
            #expect(late.state == .flaky)
            #expect(unconfirmed.state == .unconfirmedFailure(since: "c15"))

            // The same test on another OS is tracked apart: it passes on iOS 17.5.
            #expect(results[ScriptedHistory.key("Broken/testNewlyBroken") + " [17.5]"]?.state == .stable)

            // Score direction: flaky above broken and fixed, which are above the steady ones at zero.
            #expect(stable.score == 0)
            #expect(failing.score == 0)
            #expect(infra.score == 0)
            #expect(broken.score > 0)
            #expect(fixed.score > 0)
            #expect(flaky.score > broken.score)
            #expect(flaky.score > fixed.score)
            #expect(late.score > early.score)
            #expect(flaky.entropyScore > 0)
            #expect(broken.entropyScore == 0)

            // Evidence.
            #expect(flaky.evidence.runs == 16)
            #expect(flaky.evidence.failedRuns == 5)
            #expect(flaky.evidence.retries == 3)
            #expect(flaky.evidence.commits.count == 15)
            #expect(
                flaky.evidence.commits[6]
                    == CommitEvidence(
                        commit: "c07", verdict: .mixed, runs: 2, failedRuns: 1, attempts: 3, failedAttempts: 1))
            #expect(flaky.evidence.passedOnRetryRunKeys == ["main-3", "main-7", "main-11"])
            #expect(flaky.evidence.flips >= 4)
            #expect(broken.evidence.failedRuns == 6)
            #expect(broken.evidence.flips == 1)
            #expect(broken.evidence.commits.suffix(6).allSatisfy { $0.verdict == .fail })
            #expect(fixed.evidence.flips == 2)
            #expect(infra.evidence.infrastructureFlakes == 3)
            #expect(infra.latest == .passed)
            #expect(broken.latest == .failedEveryAttempt)

            // Ranked: the flakiest first.
            let ranked = Array(results.values).sorted { $0.score > $1.score }
            #expect(ranked.first?.key.testKey == ScriptedHistory.key("Flaky/testFlaky"))

            // Streaming only the tests that failed gives the same answers for them.
            let failingOnly = try await Self.analyse(store, onlyTestsWithFailures: true)
            #expect(failingOnly[Self.main("Stable/testStable")] == nil)
            #expect(failingOnly[Self.main("Flaky/testFlaky")] == flaky)
            #expect(failingOnly[Self.main("Broken/testNewlyBroken")] == broken)
        }
    }

    @Test(arguments: StoreKind.available)
    func withinRunVerdicts(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            try await Self.load(store)
            func verdict(_ run: String, _ test: String) async throws -> RunVerdict {
                let rows = try await store.testRuns(runKey: run)
                let row = try #require(rows.first { $0.testKey == ScriptedHistory.key(test) })
                return FlakinessAnalyzer.verdict(of: row)
            }
            #expect(try await verdict("main-1", "Stable/testStable") == .passed)
            #expect(try await verdict("main-3", "Flaky/testFlaky") == .passedOnRetry)
            #expect(try await verdict("main-4", "Infra/testInfra") == .infrastructureFlake)
            #expect(try await verdict("main-9", "Infra/testInfra") == .infrastructureFlake)
            #expect(try await verdict("main-10", "Broken/testNewlyBroken") == .failedEveryAttempt)
        }
    }

    @Test(arguments: StoreKind.available)
    func flakyElementsBaselineAndTrend(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            try await Self.load(store)
            let main = HistoryWindow(branch: "main")
            var rows: [TestRunRow] = []
            try await store.forEachTestRun(in: main, onlyTestsWithFailures: true) { rows.append($0) }
            let analyzer = FlakinessAnalyzer()
            let tests = analyzer.analyze(rows)
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: main) { failures.append($0) }
            let elements = analyzer.flakyElements(failures: failures, tests: tests)
            #expect(elements.map(\.identifier) == ["Checkout.PayButton"])
            #expect(elements.first?.tests.count == 3)

            // Night 12 against the previous run on main (night 11): the fixed test.
            let n12 = try await snapshot(store, "main-12")
            let n11Key = try #require(try await store.previousRun(branch: "main", before: "main-12")?.key)
            #expect(n11Key == "main-11")
            let at12 = BaselineComparer.compare(n12, with: try await snapshot(store, n11Key))
            #expect(at12.fixedTests == [ScriptedHistory.key("Fixed/testFixed")])
            #expect(at12.failingNotInBaseline.isEmpty)
            // Night 15 against night 14: a new failure, a new audit issue, coverage up.
            let at15 = BaselineComparer.compare(
                try await snapshot(store, "main-15"), with: try await snapshot(store, "main-14"))
            #expect(at15.failingNotInBaseline == [ScriptedHistory.key("Recent/testUnconfirmed")])
            #expect(at15.newAuditIssues.map(\.auditType) == ["hitRegion"])
            #expect(at15.overallCoverage?.before == 0.7)
            #expect(at15.overallCoverage?.after == 0.75)
            // Night 10: the newly broken test is a new failure.
            let at10 = BaselineComparer.compare(
                try await snapshot(store, "main-10"), with: try await snapshot(store, "main-9"))
            #expect(at10.failingNotInBaseline == [ScriptedHistory.key("Broken/testNewlyBroken")])

            let series = TrendSeries(points: try await store.trend(in: main))
            #expect(series.points.count == 16)
            #expect(series.points.first?.failedTestsByCause["simulatorCrash"] == nil)
            // Night 9's infrastructure test fails every attempt: one failed test of that cause.
            let night9 = try #require(series.points.first { $0.runKey == "main-9" })
            #expect(night9.failedTestsByCause["simulatorCrash"] == 1)
            #expect(abs(try #require(series.summary(.coverage).change) - 0.05) < 1e-9)
            #expect(try #require(series.summary(.passRate).last) < (try #require(series.summary(.passRate).first)))
        }
    }

    func snapshot(_ store: any HistoryStore, _ key: String) async throws -> BaselineSnapshot {
        let run = try #require(try await store.run(key: key))
        return BaselineSnapshot(
            runKey: key, commit: run.metadata.commit, tests: try await store.testRuns(runKey: key),
            auditIssues: try await store.auditIssues(runKey: key), coverage: try await store.coverage(runKey: key))
    }
}
