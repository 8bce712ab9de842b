import CanopyModel
import Foundation

/// Per-run figures over a window, oldest first (from `HistoryReader.trend(in:)`).
package struct TrendSeries: Sendable, Equatable, Hashable, Codable {
    package var points: [TrendPoint]

    package init(points: [TrendPoint]) {
        self.points = points.sorted { ($0.startedAt ?? .distantPast) < ($1.startedAt ?? .distantPast) }
    }

    /// The metric per run, nil where not recorded.
    package func values(_ metric: TrendMetric) -> [Double?] { points.map { metric.value(at: $0) } }

    /// Every cause of a failed test in the window, most failed tests first.
    package var categories: [String] {
        var totals: [String: Int] = [:]
        for point in points {
            for (category, count) in point.failedTestsByCause { totals[category, default: 0] += count }
        }
        return totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    }

    /// First, last, minimum, maximum and mean of the metric over the recorded runs.
    package func summary(_ metric: TrendMetric) -> TrendSummary {
        let known = values(metric).compactMap { $0 }
        return TrendSummary(
            first: known.first, last: known.last, minimum: known.min(), maximum: known.max(),
            mean: known.isEmpty ? nil : known.reduce(0, +) / Double(known.count))
    }
}
