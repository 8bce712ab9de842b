import CanopyModel
import Foundation

/// The figures of one run in the window.
package struct DashboardTrendPoint: Sendable, Equatable, Codable {
    package var date: Date
    package var commit: String
    /// 0…1.
    package var passRate: Double
    /// Failed tests (the run's `RunTotals.failed`).
    package var failed: Int
    package var passedOnRetry: Int
    /// The failed tests by cause: they add up to `failed` (`FailedTestCause`).
    package var failedByCause: [DashboardCategoryCount]
    /// Identifier coverage, 0…1; nil for a run without snapshots (not measured, never 0).
    package var coverage: Double?
    /// Audit issues of every severity, and the errors among them.
    package var auditIssues: Int
    package var auditErrors: Int
    /// Seconds.
    package var duration: Double

    package init(
        date: Date, commit: String, passRate: Double, failed: Int, passedOnRetry: Int,
        failedByCause: [DashboardCategoryCount], coverage: Double?, auditIssues: Int, auditErrors: Int,
        duration: Double
    ) {
        self.date = date
        self.commit = commit
        self.passRate = passRate
        self.failed = failed
        self.passedOnRetry = passedOnRetry
        self.failedByCause = failedByCause
        self.coverage = coverage
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.duration = duration
    }
}
