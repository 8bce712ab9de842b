import CanopyModel
import Foundation
import Testing

@Suite("An attempt's XCTMetric measurements")
struct MetricMeasurementModelTests {
    static let launch = MetricMeasurement(
        identifier: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration", displayName: "Duration (AppLaunch)",
        unit: "s", polarity: .prefersSmaller, measurements: [5.2871, 2.7413, 2.9337, 3.1085, 2.8126],
        thresholds: .init(maxPercentRegression: 10, maxPercentRelativeStandardDeviation: 10))

    @Test("an attempt's metrics survive its JSON, under `metrics`; an attempt without any writes no key")
    func coding() throws {
        var attempt = Attempt(outcome: .passed, duration: 20)
        attempt.metrics = [Self.launch]
        let data = try JSONEncoder().encode(attempt)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""metrics":[{"#))
        #expect(text.contains(#""polarity":"prefers smaller""#))
        #expect(try JSONDecoder().decode(Attempt.self, from: data) == attempt)
        let plain = String(decoding: try JSONEncoder().encode(Attempt(outcome: .passed)), as: UTF8.self)
        #expect(!plain.contains("metrics"))
    }

    @Test(
        "only known time units convert to seconds; any other unit stays the producer's",
        arguments: [
            ("s", 1.0 as Double?), ("seconds", 1), ("ms", 0.001), ("kB", nil), ("%", nil), ("hitches/s", nil),
            ("", nil),
        ])
    func seconds(_ unit: String, _ scale: Double?) {
        #expect(MetricMeasurement.secondsPerUnit(unit) == scale)
        var metric = Self.launch
        metric.unit = unit
        #expect(metric.seconds == scale.map { scale in metric.measurements.map { $0 * scale } })
    }
}
