import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

struct UsualDurationsTests {
    static func row(_ run: Int, _ outcome: TestOutcome, _ seconds: Double?, key: String = "A/t") -> TestRunRow {
        TestRunRow(
            runKey: "r\(run)", commit: nil, startedAt: Date(timeIntervalSince1970: Double(run) * 86_400), testKey: key, device: nil, osVersion: nil,
            outcome: outcome, attempts: 1, failedAttempts: outcome == .failed ? 1 : 0, infrastructureFailedAttempts: 0, duration: seconds)
    }

    @Test("the median of the last N passed runs; failed, skipped and durationless runs left out")
    func median() throws {
        let rows = [
            Self.row(1, .passed, 100), Self.row(2, .passed, 10), Self.row(3, .failed, 60), Self.row(4, .passed, 12),
            Self.row(5, .skipped, nil), Self.row(6, .passed, 8), Self.row(7, .passed, nil),
        ]
        let three = try #require(UsualDurations.medians(rows.reversed(), runs: 3)["A/t"])
        #expect(three.seconds == 10 && three.runs == 3)
        let four = try #require(UsualDurations.medians(rows, runs: 4)["A/t"])
        #expect(four.seconds == 11 && four.runs == 4, "10, 12, 8 and 100: the middle two")
        #expect(UsualDurations.medians([Self.row(1, .failed, 5)], runs: 5).isEmpty)
    }

    @Test("a slowdown against the usual time carries how many runs it is the median of")
    func slower() {
        let now = [Self.row(9, .passed, 25), Self.row(9, .passed, 12, key: "B/t")]
        let usual: [String: (seconds: Double, runs: Int?)] = ["A/t": (10, 5), "B/t": (10, 5)]
        let slower = BaselineComparer.slowerTests(now, than: usual, slowdown: SlowdownThresholds())
        #expect(slower == [SlowerTest(testKey: "A/t", before: 10, after: 25, runs: 5)])
    }
}
