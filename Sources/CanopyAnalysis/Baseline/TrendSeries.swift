import Foundation
import CanopyModel

/// A figure a trend can follow over runs.
package enum TrendMetric: Sendable, Equatable, Hashable, Codable {
    case passRate
    case flaky
    case failed
    case coverage
    case auditIssues
    case duration
    /// Analysed failures of one category (`elementNotFound`).
    case failures(category: String)

    /// The metric's value at `point`, nil when not recorded.
    package func value(at point: TrendPoint) -> Double? {
        switch self {
        case .passRate: point.passRate
        case .flaky: Double(point.flaky)
        case .failed: Double(point.failed)
        case .coverage: point.coverage
        case .auditIssues: Double(point.auditIssues)
        case .duration: point.duration
        case .failures(let category): Double(point.failuresByCategory[category] ?? 0)
        }
    }
}

/// First, last and range of one metric over a window.
package struct TrendSummary: Sendable, Equatable, Hashable, Codable {
    package var first: Double?
    package var last: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var mean: Double?

    package init(first: Double?, last: Double?, minimum: Double?, maximum: Double?, mean: Double?) {
        self.first = first
        self.last = last
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
    }

    /// `last - first` when both are known.
    package var change: Double? {
        guard let first, let last else { return nil }
        return last - first
    }
}

/// Per-run figures over a window, oldest first (from `HistoryReader.trend(in:)`).
package struct TrendSeries: Sendable, Equatable, Hashable, Codable {
    package var points: [TrendPoint]

    package init(points: [TrendPoint]) {
        self.points = points.sorted { ($0.startedAt ?? .distantPast) < ($1.startedAt ?? .distantPast) }
    }

    /// The metric per run, nil where not recorded.
    package func values(_ metric: TrendMetric) -> [Double?] { points.map { metric.value(at: $0) } }

    /// Every failure category seen in the window, most failures first.
    package var categories: [String] {
        var totals: [String: Int] = [:]
        for point in points { for (category, count) in point.failuresByCategory { totals[category, default: 0] += count } }
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
