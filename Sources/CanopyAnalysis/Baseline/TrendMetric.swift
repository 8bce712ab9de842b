import CanopyModel
import Foundation

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
