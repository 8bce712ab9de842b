import Foundation

/// One run's figures in a trend series, as the store computes them.
package struct TrendPoint: Sendable, Equatable, Hashable, Codable {
    package var runKey: String
    package var commit: String?
    package var branch: String?
    package var startedAt: Date?
    package var tests: Int
    package var passed: Int
    package var failed: Int
    package var flaky: Int
    package var skipped: Int
    /// `(passed + flaky) / (passed + flaky + failed)`, as `RunTotals.passRate`; nil when nothing ran.
    package var passRate: Double?
    /// Sum of test durations, seconds.
    package var duration: Double
    /// Audit issues of every severity, and the errors among them.
    package var auditIssues: Int
    package var auditErrors: Int
    /// Overall identifier coverage (`identified / interactive`), when recorded.
    package var coverage: Double?
    /// Analysed failures by category name.
    package var failuresByCategory: [String: Int]

    package init(
        runKey: String, commit: String?, branch: String?, startedAt: Date?, tests: Int, passed: Int, failed: Int,
        flaky: Int, skipped: Int, passRate: Double?, duration: Double, auditIssues: Int, auditErrors: Int,
        coverage: Double?,
        failuresByCategory: [String: Int]
    ) {
        self.runKey = runKey
        self.commit = commit
        self.branch = branch
        self.startedAt = startedAt
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.flaky = flaky
        self.skipped = skipped
        self.passRate = passRate
        self.duration = duration
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.coverage = coverage
        self.failuresByCategory = failuresByCategory
    }
}
