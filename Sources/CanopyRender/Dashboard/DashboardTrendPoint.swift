import CanopyModel
import Foundation

/// The figures of one run in the window.
package struct DashboardTrendPoint: Sendable, Equatable, Codable {
    package var date: Date
    package var commit: String
    /// 0…1.
    package var passRate: Double
    package var flaky: Int
    package var failuresByCategory: [DashboardCategoryCount]
    /// Identifier coverage, 0…1; nil for a run without snapshots (not measured, never 0).
    package var coverage: Double?
    /// Audit issues of every severity, and the errors among them.
    package var auditIssues: Int
    package var auditErrors: Int
    /// Seconds.
    package var duration: Double

    package init(
        date: Date, commit: String, passRate: Double, flaky: Int, failuresByCategory: [DashboardCategoryCount],
        coverage: Double?, auditIssues: Int, auditErrors: Int, duration: Double
    ) {
        self.date = date
        self.commit = commit
        self.passRate = passRate
        self.flaky = flaky
        self.failuresByCategory = failuresByCategory
        self.coverage = coverage
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.duration = duration
    }

    /// All failures of the run.
    package var failures: Int { failuresByCategory.reduce(0) { $0 + $1.count } }
}
