import CanopyModel

/// One row of the tests table.
package struct DashboardTestRow: Sendable, Equatable, Hashable, Codable {
    /// `Bundle.Class/name`.
    package var key: String
    package var className: String
    package var name: String
    package var device: String?
    package var outcome: TestOutcome
    package var attempts: Int
    /// Seconds, when known.
    package var duration: Double?
    /// The first failure's first line, when the test failed at least once.
    package var message: String?
    /// The first failure's cause category.
    package var category: String?
    /// Each attempt of a test that did not simply pass: what the Tests view opens under its row.
    package var details: [DashboardAttemptDetail]?

    package init(
        key: String, className: String, name: String, device: String? = nil, outcome: TestOutcome, attempts: Int,
        duration: Double? = nil, message: String? = nil, category: String? = nil,
        details: [DashboardAttemptDetail]? = nil
    ) {
        self.details = details
        self.key = key
        self.className = className
        self.name = name
        self.device = device
        self.outcome = outcome
        self.attempts = attempts
        self.duration = duration
        self.message = message
        self.category = category
    }
}
