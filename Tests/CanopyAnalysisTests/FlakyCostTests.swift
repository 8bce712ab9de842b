import CanopyModel
import Foundation
import Testing

@testable import CanopyAnalysis

/// `FlakyCost` on a small history worked out by hand: the CI time of failed attempts, the runs
/// failed outright or passed on retry, the pull requests, and the Fix first order.
@Suite("the cost of a flaky test, measured from its runs")
struct FlakyCostTests {
    static func row(
        _ run: String, _ test: String, _ outcome: TestOutcome, attempts: Int, failed: Int, infrastructure: Int = 0,
        duration: Double?
    ) -> TestRunRow {
        TestRunRow(
            runKey: run, commit: "c-" + run, startedAt: nil, testKey: test, device: nil, osVersion: "18.2",
            outcome: outcome, attempts: attempts, failedAttempts: failed, infrastructureFailedAttempts: infrastructure,
            duration: duration)
    }

    @Test("time, runs and pull requests add up as the glossary's formula says, and rank the tests")
    func handComputed() {
        let rows = [
            // A: passed on retry in n1 (2 attempts, 1 failed, 30 s in all: 15 s lost), failed
            // outright in pr-1 (3 attempts, 3 failed, 45 s: all lost), passed in n3.
            Self.row("n1", "A/a", .flaky, attempts: 2, failed: 1, duration: 30),
            Self.row("pr-1", "A/a", .failed, attempts: 3, failed: 3, duration: 45),
            Self.row("n3", "A/a", .passed, attempts: 1, failed: 0, duration: 10),
            // B: passed on retry in n1, pr-1 and pr-2 (2 attempts, 1 failed, 40 s each: 20 s
            // lost each), never failed outright.
            Self.row("n1", "B/b", .flaky, attempts: 2, failed: 1, duration: 40),
            Self.row("pr-1", "B/b", .flaky, attempts: 2, failed: 1, duration: 40),
            Self.row("pr-2", "B/b", .flaky, attempts: 2, failed: 1, duration: 40),
            // C: failed outright in n3 on infrastructure only (not its cost); passed on retry in
            // n1 without a time (a run counted, no seconds).
            Self.row("n3", "C/c", .failed, attempts: 2, failed: 2, infrastructure: 2, duration: 20),
            Self.row("n1", "C/c", .flaky, attempts: 2, failed: 1, duration: nil),
            // D is not flaky: not measured.
            Self.row("n1", "D/d", .failed, attempts: 1, failed: 1, duration: 99),
        ]
        let costs = FlakyCost.measure(
            rows: rows, tests: ["A/a", "B/b", "C/c", "E/e"], pullRequests: ["pr-1": "1", "pr-2": "2"])
        #expect(
            costs == [
                FlakyCost(
                    test: "A/a", seconds: 60, runsWithFailures: 2, failedRuns: 1, retriedRuns: 1, pullRequests: 1),
                FlakyCost(
                    test: "B/b", seconds: 60, runsWithFailures: 3, failedRuns: 0, retriedRuns: 3, pullRequests: 2),
                FlakyCost(test: "C/c", seconds: 0, runsWithFailures: 1, failedRuns: 0, retriedRuns: 1, pullRequests: 0),
                FlakyCost(test: "E/e"),
            ])
    }

    @Test("runs failed outright rank first, then CI time, then runs with failures, then the key")
    func order() {
        let a = FlakyCost(test: "a", seconds: 1, runsWithFailures: 1, failedRuns: 2)
        let b = FlakyCost(test: "b", seconds: 500, runsWithFailures: 9, failedRuns: 1)
        let c = FlakyCost(test: "c", seconds: 500, runsWithFailures: 3, failedRuns: 1)
        let d = FlakyCost(test: "d", seconds: 500, runsWithFailures: 3, failedRuns: 1)
        #expect([d, c, b, a].sorted(by: FlakyCost.costlier).map(\.test) == ["a", "b", "c", "d"])
    }

    static func metadata(_ provider: String?, build: String?, attempt: Int?) -> RunMetadata {
        RunMetadata(ciProvider: provider, buildID: build, attempt: attempt)
    }

    @Test("a run failed outright costs a CI rerun when a later attempt of its build is stored")
    func reruns() {
        let runs: [(key: String, metadata: RunMetadata)] = [
            // Build 7 ran three times: attempts 1 and 2 were rerun, 3 was the last.
            ("b7-1", Self.metadata("github", build: "7", attempt: 1)),
            ("b7-2", Self.metadata("github", build: "7", attempt: 2)),
            ("b7-3", Self.metadata("github", build: "7", attempt: 3)),
            // Build 8 ran once; GitLab's build 7 is another build; a run without an attempt or a
            // build was never rerun as far as the CI says.
            ("b8-1", Self.metadata("github", build: "8", attempt: 1)),
            ("gl7-1", Self.metadata("gitlab", build: "7", attempt: 1)),
            ("local", Self.metadata(nil, build: nil, attempt: nil)),
            ("b9", Self.metadata("github", build: "9", attempt: nil)),
        ]
        let rerun = FlakyCost.rerun(runs)
        #expect(rerun == ["b7-1", "b7-2"])
        let rows = [
            // A failed outright in b7-1 (rerun), passed on retry in b7-2 (rerun, but not failed
            // outright: the retry made it good), failed outright in b8-1 (never rerun).
            Self.row("b7-1", "A/a", .failed, attempts: 1, failed: 1, duration: 10),
            Self.row("b7-2", "A/a", .flaky, attempts: 2, failed: 1, duration: 20),
            Self.row("b8-1", "A/a", .failed, attempts: 1, failed: 1, duration: 10),
            // B failed outright in b7-2 on infrastructure alone: not its cost, rerun or not.
            Self.row("b7-2", "B/b", .failed, attempts: 1, failed: 1, infrastructure: 1, duration: 5),
        ]
        let costs = FlakyCost.measure(rows: rows, tests: ["A/a", "B/b"], pullRequests: [:], rerun: rerun)
        #expect(
            costs == [
                FlakyCost(
                    test: "A/a", seconds: 30, runsWithFailures: 3, failedRuns: 2, retriedRuns: 1, reruns: 1),
                FlakyCost(test: "B/b"),
            ])
    }
}
