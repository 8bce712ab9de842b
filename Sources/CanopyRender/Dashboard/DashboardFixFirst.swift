import CanopyModel
import Foundation

/// One flaky test of a trend's Fix first list, with what it cost over the window (`FlakyCost`,
/// docs/glossary.md, "cost of a flaky test") and whose it is.
package struct DashboardFixFirst: Sendable, Equatable, Hashable, Codable {
    /// What the test cost over the window, as measured (`FlakyCost`).
    package var cost: FlakyCost
    /// Its owners from CODEOWNERS (the test file's); empty without sources or a rule for it.
    package var owners: [String] = []
    /// The active quarantine entry covering it: its failed runs were excused, not blocking.
    package var quarantined = false

    package var test: String { cost.test }

    package init(cost: FlakyCost, owners: [String] = [], quarantined: Bool = false) {
        self.cost = cost
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
