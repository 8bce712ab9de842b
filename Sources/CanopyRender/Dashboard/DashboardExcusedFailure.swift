/// A failing test the new-failures gate did not count, and why.
package struct DashboardExcusedFailure: Sendable, Equatable, Hashable, Codable {
    /// The test key.
    package var test: String
    /// `known flaky`, or `quarantined until 2026-12-01: reason`.
    package var reason: String
    /// Whether a quarantine entry excuses it (else history calls it flaky).
    package var quarantined = false
    /// The first line of the test's first failure in this run, and its cause.
    package var message: String?
    package var category: String?
    /// The test's first failure in this run in full (location, element, screenshots), when known.
    package var failure: DashboardNewFailure?
    /// Where the test fails and passes across the run's destinations, on a run on several.
    package var destinations: DashboardDestinationLine?

    package init(
        test: String, reason: String, message: String? = nil, category: String? = nil,
        failure: DashboardNewFailure? = nil
    ) {
        self.failure = failure
        self.test = test
        self.reason = reason
        self.message = message
        self.category = category
    }
}
