import CanopyModel

/// One row of the tests table.
public struct DashboardTestRow: Sendable, Equatable, Hashable, Codable {
    /// `Bundle.Class/name`.
    public var key: String
    public var className: String
    public var name: String
    public var device: String?
    public var outcome: TestOutcome
    public var attempts: Int
    /// Seconds, when known.
    public var duration: Double?
    /// The first failure's first line, when the test failed at least once.
    public var message: String?
    /// The first failure's cause category.
    public var category: String?

    public init(
        key: String, className: String, name: String, device: String? = nil, outcome: TestOutcome, attempts: Int,
        duration: Double? = nil, message: String? = nil, category: String? = nil
    ) {
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
