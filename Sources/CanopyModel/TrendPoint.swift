import Foundation

/// One run's figures in a trend series, as the store computes them.
package struct TrendPoint: Sendable, Equatable, Hashable, Codable {
    package var runKey: String
    package var commit: String?
    package var branch: String?
    package var startedAt: Date?
    package var tests: Int
    package var passed: Int
    /// Failed tests (`RunTotals.failed`).
    package var failed: Int
    /// Tests passed on retry (`RunTotals.passedOnRetry`).
    package var passedOnRetry: Int
    package var skipped: Int
    /// `(passed + passedOnRetry) / (tests - skipped - expectedFailures)`, as `RunTotals.passRate`;
    /// nil when nothing ran.
    package var passRate: Double?
    /// Sum of test durations, seconds.
    package var duration: Double
    /// Audit issues of every severity, and the errors among them.
    package var auditIssues: Int
    package var auditErrors: Int
    /// Overall identifier coverage (`identified / interactive`), when recorded.
    package var coverage: Double?
    /// The run's failed tests by cause (`RunDigest.failedTestsByCause`): they add up to `failed`.
    package var failedTestsByCause: [String: Int]

    package init(
        runKey: String, commit: String?, branch: String?, startedAt: Date?, tests: Int, passed: Int, failed: Int,
        passedOnRetry: Int, skipped: Int, passRate: Double?, duration: Double, auditIssues: Int, auditErrors: Int,
        coverage: Double?,
        failedTestsByCause: [String: Int]
    ) {
        self.runKey = runKey
        self.commit = commit
        self.branch = branch
        self.startedAt = startedAt
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.passedOnRetry = passedOnRetry
        self.skipped = skipped
        self.passRate = passRate
        self.duration = duration
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.coverage = coverage
        self.failedTestsByCause = failedTestsByCause
    }
}
