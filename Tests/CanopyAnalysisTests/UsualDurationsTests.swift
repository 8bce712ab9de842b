import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

struct UsualDurationsTests {
    static func row(_ run: Int, _ outcome: TestOutcome, _ seconds: Double?, key: String = "A/t") -> TestRunRow {
        TestRunRow(
            runKey: "r\(run)", commit: nil, startedAt: Date(timeIntervalSince1970: Double(run) * 86_400), testKey: key,
            device: nil, osVersion: nil,
            outcome: outcome, attempts: 1, failedAttempts: outcome == .failed ? 1 : 0, infrastructureFailedAttempts: 0,
            duration: seconds)
    }

    @Test(
        "the median of the latest N passed durations; an even count takes the middle two; a test without one is left out"
    )
    func median() throws {
        // Latest first, as the store reads a test's passed results.
        let durations: [String: [Double]] = ["A/t": [8, 12, 10, 100], "B/t": [], "C/t": [.nan, 7]]
        let three = try #require(UsualDurations.medians(latestFirst: durations, runs: 3)["A/t"])
        #expect(three.seconds == 10 && three.runs == 3, "8, 12 and 10")
        let four = try #require(UsualDurations.medians(latestFirst: durations, runs: 4)["A/t"])
        #expect(four.seconds == 11 && four.runs == 4, "10, 12, 8 and 100: the middle two")
        let all = UsualDurations.medians(latestFirst: durations, runs: 5)
        #expect(all["B/t"] == nil)
        #expect(all["C/t"]?.seconds == 7 && all["C/t"]?.runs == 1, "a duration that is not a number does not count")
    }

    @Test("a slowdown against the usual time carries how many runs it is the median of")
    func slower() {
        let now = [Self.row(9, .passed, 25), Self.row(9, .passed, 12, key: "B/t")]
        let usual: [String: (seconds: Double, runs: Int?)] = ["A/t": (10, 5), "B/t": (10, 5)]
        let slower = BaselineComparer.slowerTests(now, than: usual, slowdown: SlowdownThresholds())
        #expect(slower == [SlowerTest(testKey: "A/t", before: 10, after: 25, runs: 5)])
    }
}
