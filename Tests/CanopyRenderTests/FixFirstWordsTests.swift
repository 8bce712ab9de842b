import CanopyModel
import Testing

@testable import CanopyRender

/// A Fix first row's cost in one phrasing (`FixFirstWords.cost`) for the page, the summary, Slack
/// and the drafted issues: its parts that are zero are left out, the CI time always said.
@Suite struct FixFirstWordsTests {
    @Test func zeroPartsAreLeftOutAndTheCITimeAlwaysSaid() {
        #expect(
            FixFirstWords.cost(FlakyCost(test: "A/a", seconds: 16.4, runsWithFailures: 4, failedRuns: 4))
                == "failed 4 runs outright · 16.4s of CI")
        #expect(
            FixFirstWords.cost(
                FlakyCost(
                    test: "B/b", seconds: 30.4, runsWithFailures: 7, failedRuns: 1, retriedRuns: 6, pullRequests: 2))
                == "failed 1 run outright · passed on retry in 6 runs · 30.4s of CI · 2 pull requests")
        #expect(FixFirstWords.cost(FlakyCost(test: "C/c")) == "0.0s of CI")
        #expect(
            FixFirstWords.cost(FlakyCost(test: "D/d", seconds: 12, runsWithFailures: 2, failedRuns: 2, reruns: 1))
                == "failed 2 runs outright · 12.0s of CI · 1 CI rerun")
    }

    @Test func anOwnersTotalLeavesOutRunsItNeverFailedOutright() {
        #expect(
            FixFirstWords.ownerTotal(DashboardOwnerCost(owner: "@feed", tests: 1, seconds: 33.8, failedRuns: 0))
                == "@feed: 1 test, 33.8s of CI")
        #expect(
            FixFirstWords.ownerTotal(DashboardOwnerCost(owner: "@qa", tests: 5, seconds: 98, failedRuns: 4))
                == "@qa: 5 tests, failed 4 runs outright, 1m 38s of CI")
    }
}
