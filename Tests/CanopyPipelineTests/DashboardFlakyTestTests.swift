import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation
import Testing

@testable import CanopyConfig
@testable import CanopyPipeline

@Suite("Flaky tests on the dashboard")
struct DashboardFlakyTestTests {
    @Test("a test's key names its device once; its commits are those it both failed and passed on, newest first")
    func keyAndMixedCommits() throws {
        var evidence = FlakinessEvidence()
        evidence.commits = [
            CommitEvidence(
                commit: "aaaaaaaaaaaaaaaa", verdict: .mixed, runs: 1, failedRuns: 1, attempts: 2, failedAttempts: 1),
            CommitEvidence(
                commit: "bbbbbbbbbbbbbbbb", verdict: .pass, runs: 1, failedRuns: 0, attempts: 1, failedAttempts: 0),
            CommitEvidence(
                commit: "cccccccccccccccc", verdict: .fail, runs: 1, failedRuns: 1, attempts: 1, failedAttempts: 1),
            CommitEvidence(
                commit: "dddddddddddddddd", verdict: .mixed, runs: 2, failedRuns: 1, attempts: 2, failedAttempts: 1),
        ]
        let result = TestFlakiness(
            key: FlakinessKey(testKey: "Checkout/testPay@iPad Air", device: "iPad Air", osVersion: "18.2"),
            state: .flaky, score: 0.4,
            entropyScore: 0.4, flipScore: 0.3, latest: .passedOnRetry, evidence: evidence)
        let test = try #require(DashboardBuilder.flakyTest(result, lastMessage: "boom"))
        #expect(test.test == "Checkout/testPay@iPad Air")
        #expect(test.evidence.commits == ["dddddddddddd", "aaaaaaaaaaaa"])
        #expect(test.lastMessage == "boom")
    }
}
