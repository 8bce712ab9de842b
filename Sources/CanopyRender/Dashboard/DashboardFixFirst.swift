import Foundation

/// One flaky test of a trend's Fix first list, with what it cost over the window (`FlakyCost`,
/// docs/glossary.md, "cost of a flaky test") and whose it is.
package struct DashboardFixFirst: Sendable, Equatable, Hashable, Codable {
    package var test: String
    /// Seconds of CI time on its failed attempts.
    package var seconds: Double
    /// Runs with a failed attempt that was not infrastructure.
    package var runsWithFailures: Int
    /// Runs it failed outright.
    package var failedRuns: Int
    /// Runs it passed on retry.
    package var retriedRuns: Int
    /// Distinct pull requests among the runs with failures.
    package var pullRequests: Int
    /// Its owners from CODEOWNERS (the test file's); empty without sources or a rule for it.
    package var owners: [String] = []
    /// The active quarantine entry covering it: its failed runs were excused, not blocking.
    package var quarantined = false

    package init(
        test: String, seconds: Double, runsWithFailures: Int, failedRuns: Int, retriedRuns: Int, pullRequests: Int,
        owners: [String] = [], quarantined: Bool = false
    ) {
        self.test = test
        self.seconds = seconds
        self.runsWithFailures = runsWithFailures
        self.failedRuns = failedRuns
        self.retriedRuns = retriedRuns
        self.pullRequests = pullRequests
        self.owners = owners
        self.quarantined = quarantined
    }
}

/// The cost of one owner's flaky tests over a trend's window: the sums of their Fix first rows.
package struct DashboardOwnerCost: Sendable, Equatable, Hashable, Codable {
    /// A CODEOWNERS owner (`@podcastapp/checkout-ios`).
    package var owner: String
    package var tests: Int
    package var seconds: Double
    package var failedRuns: Int

    package init(owner: String, tests: Int, seconds: Double, failedRuns: Int) {
        self.owner = owner
        self.tests = tests
        self.seconds = seconds
        self.failedRuns = failedRuns
    }
}
