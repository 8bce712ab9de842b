import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

struct MetricChangeDetectorTests {
    static let launch = "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration"

    /// Runs r0… of five measurements each, `values[i]` the run's; commit c000i.
    static func history(_ values: [[Double]], unit: String? = "s", polarity: MetricMeasurement.Polarity? = nil)
        -> MetricHistory
    {
        MetricHistory(
            testKey: "AppUITests/LaunchTests/testLaunch()", identifier: launch, displayName: "Duration (AppLaunch)",
            unit: unit, polarity: polarity, device: "iPhone 17 Pro",
            samples: values.enumerated().map { index, measurements in
                .init(runKey: "r\(index)", commit: String(format: "c%04d", index), measurements: measurements)
            })
    }

    /// 25 values, no two alike (so the exact distribution applies), median 2.905.
    static let steady: [[Double]] = [
        [2.90, 2.95, 2.85, 2.92, 2.88], [2.91, 2.87, 2.93, 2.89, 2.94], [2.86, 2.96, 2.84, 2.97, 2.83],
        [2.935, 2.885, 2.905, 2.875, 2.945], [2.895, 2.915, 2.955, 2.865, 2.925],
    ]
    static let slower: [Double] = [3.42, 3.38, 3.45, 3.40, 3.36]

    @Test("a launch 18 % slower in the current run: regressed since its commit, medians and counts of each side")
    func regression() throws {
        let change = try #require(MetricChangeDetector.change(of: Self.history(Self.steady + [Self.slower])))
        #expect(change.direction == .regressed)
        #expect(change.baselineMedian == 2.905 && change.currentMedian == 3.40)
        #expect(change.baselineCount == 25 && change.currentCount == 5)
        #expect(change.baselineRuns == 5 && change.currentRuns == 1)
        #expect(change.sinceRunKey == "r5" && change.sinceCommit == "c0005")
        #expect(change.percentChange == 17)
        // All five above all 25: exact p = 2 / C(30, 5), doubled for the current run's half of
        // the significance (three places the change could begin).
        #expect(abs(change.pValue - 2.0 * 2 / 142_506) < 1e-12)
        #expect(change.pValue < 0.01)
    }

    @Test("a change two runs ago: the runs since it join the current side, and it is named as its start")
    func since() throws {
        let change = try #require(
            MetricChangeDetector.change(of: Self.history(Self.steady + [Self.slower, Self.slower, Self.slower])))
        #expect(change.sinceRunKey == "r5" && change.sinceCommit == "c0005")
        #expect(change.baselineRuns == 5 && change.currentRuns == 3 && change.currentCount == 15)
    }

    @Test("a change since undone is not reported")
    func undone() {
        #expect(MetricChangeDetector.change(of: Self.history(Self.steady + [Self.slower, Self.steady[0]])) == nil)
    }

    @Test("faster is improved; with polarity 'prefers larger' slower is improved and faster regressed")
    func polarity() throws {
        let faster = Self.steady + [Self.slower.map { $0 * 0.7 }]
        #expect(try #require(MetricChangeDetector.change(of: Self.history(faster))).direction == .improved)
        let larger = Self.history(faster, polarity: .prefersLarger)
        #expect(try #require(MetricChangeDetector.change(of: larger)).direction == .regressed)
    }

    @Test("no polarity and a unit not known: a change with no direction; kB prefers smaller")
    func unknownUnit() throws {
        let values = Self.steady + [Self.slower]
        #expect(try #require(MetricChangeDetector.change(of: Self.history(values, unit: "%"))).direction == .changed)
        #expect(try #require(MetricChangeDetector.change(of: Self.history(values, unit: "kB"))).direction == .regressed)
    }

    @Test("below the minimum effect, or with too few earlier runs, nothing is reported")
    func thresholds() {
        let small = Self.steady + [Self.steady[0].map { $0 * 1.04 + 0.2 }]
        let strict = MetricChangeThresholds(minimumEffectPercent: 20)
        #expect(MetricChangeDetector.change(of: Self.history(small), thresholds: strict) == nil)
        #expect(MetricChangeDetector.change(of: Self.history(Array(Self.steady.prefix(2)) + [Self.slower])) == nil)
        var producer = Self.history(Self.steady + [Self.slower])
        producer.maxPercentRegression = 25
        #expect(MetricChangeDetector.change(of: producer) == nil, "the producer's maxPercentRegression stands")
    }

    @Test("histories group a window's stored metrics by test, metric and destination, oldest run first")
    func histories() {
        func row(_ run: String, device: String, _ values: [Double]) -> StoredMetric {
            StoredMetric(
                runKey: run, testKey: "A/t", device: device, configuration: nil, attempt: 0,
                metric: MetricMeasurement(identifier: Self.launch, unit: "s", measurements: values))
        }
        let stored = [
            row("b", device: "iPhone", [2]), row("a", device: "iPhone", [1]), row("c", device: "iPhone", [3]),
            row("c", device: "iPad", [4]), row("a", device: "iPad", [5]),
        ]
        let histories = MetricHistory.histories(
            stored, runKeys: ["a", "b", "c"], currentRunKey: "c", commits: ["a": "c1"])
        #expect(histories.map(\.device) == ["iPhone", "iPad"])
        #expect(histories[0].samples.map(\.runKey) == ["a", "b", "c"])
        #expect(histories[0].samples[0].commit == "c1")
        #expect(histories[1].samples.map(\.measurements) == [[5], [4]])
    }
}
