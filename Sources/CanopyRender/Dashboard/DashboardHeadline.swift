import Foundation

/// Status and key figures of the run, each with its change against the baseline.
package struct DashboardHeadline: Sendable, Equatable, Codable {
    package var status: DashboardStatus
    package var tests: DashboardKPI
    package var passed: DashboardKPI
    package var failed: DashboardKPI
    /// Tests passed on retry (an attempt failed, a later one passed): never "flaky".
    package var passedOnRetry: DashboardKPI
    package var skipped: DashboardKPI
    /// Tests that failed as they declared they would; nil when neither the run nor what it is
    /// compared with has any (the surfaces then leave the figure out).
    package var expectedFailures: DashboardKPI?
    /// Passed (including passed on retry) over tests that ran (skipped tests and expected failures
    /// left out), 0…1.
    package var passRate: DashboardKPI
    /// Identified interactive elements over interactive elements, 0…1.
    package var identifierCoverage: DashboardKPI
    package var auditErrors: DashboardKPI
    package var auditWarnings: DashboardKPI
    /// The run's test time in seconds: the sum of its tests' durations (with parallel testing, more than the wall time).
    package var duration: DashboardKPI

    package init(
        status: DashboardStatus, tests: DashboardKPI, passed: DashboardKPI, failed: DashboardKPI,
        passedOnRetry: DashboardKPI,
        skipped: DashboardKPI, passRate: DashboardKPI, identifierCoverage: DashboardKPI, auditErrors: DashboardKPI,
        auditWarnings: DashboardKPI, duration: DashboardKPI, expectedFailures: DashboardKPI? = nil
    ) {
        self.expectedFailures = expectedFailures
        self.status = status
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.passedOnRetry = passedOnRetry
        self.skipped = skipped
        self.passRate = passRate
        self.identifierCoverage = identifierCoverage
        self.auditErrors = auditErrors
        self.auditWarnings = auditWarnings
        self.duration = duration
    }
}
