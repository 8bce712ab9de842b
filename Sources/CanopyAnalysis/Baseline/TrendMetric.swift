import CanopyModel
import Foundation

/// A figure a trend can follow over runs.
package enum TrendMetric: Sendable, Equatable, Hashable, Codable {
    case passRate
    case passedOnRetry
    case failed
    case coverage
    case auditIssues
    case duration
    /// Failed tests of one cause (`elementNotFound`, `FailedTestCause`).
    case failedTests(cause: String)

    /// The metric's value at `point`, nil when not recorded.
    package func value(at point: TrendPoint) -> Double? {
        switch self {
        case .passRate: point.passRate
        case .passedOnRetry: Double(point.passedOnRetry)
        case .failed: Double(point.failed)
        case .coverage: point.coverage
        case .auditIssues: Double(point.auditIssues)
        case .duration: point.duration
        case .failedTests(let cause): Double(point.failedTestsByCause[cause] ?? 0)
        }
    }
}
