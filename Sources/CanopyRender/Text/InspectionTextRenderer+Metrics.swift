import CanopyModel

extension InspectionTextRenderer {
    /// The XCTMetrics the attempts measured, one line per test attempt and metric: the producer's
    /// name and unit, how many values, their median and range, and the producer's allowed
    /// regression when it states one.
    func metrics(_ run: Run) -> String {
        var table = TextTable(header: [
            "test", "attempt", "metric", "unit", "values", "median", "range", "max regression",
        ])
        var rows = 0
        for test in run.tests {
            for (position, attempt) in test.attempts.enumerated() {
                for metric in attempt.metrics ?? [] {
                    let sorted = metric.measurements.sorted()
                    let median = Self.median(sorted).map(format3) ?? "-"
                    let range = sorted.first.flatMap { low in sorted.last.map { "\(format3(low))–\(format3($0))" } }
                    let regression = metric.thresholds?.maxPercentRegression.map { "\(format3($0)) %" } ?? "-"
                    table.add([
                        test.identity.key, attempt.label ?? "\(position + 1)", metric.displayName ?? metric.identifier,
                        metric.unit ?? "-", "\(metric.measurements.count)", median, range ?? "-", regression,
                    ])
                    rows += 1
                }
            }
        }
        guard rows > 0 else { return "" }
        return "\nmetrics (XCTMetric measurements):\n" + table.render(maxColumnWidth: 70)
    }

    /// The middle value of `sorted` (the mean of the two middle ones for an even count); nil when empty.
    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
