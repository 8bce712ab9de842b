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
    /// Each attempt of a test that did not simply pass: what the Tests view opens under its row.
    public var details: [DashboardAttemptDetail]?

    public init(
        key: String, className: String, name: String, device: String? = nil, outcome: TestOutcome, attempts: Int,
        duration: Double? = nil, message: String? = nil, category: String? = nil, details: [DashboardAttemptDetail]? = nil
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

/// One attempt of a test as its row opens: how it ended, its failures and where, and the end of
/// what it printed (the activity log a failure's element was read from).
public struct DashboardAttemptDetail: Sendable, Equatable, Hashable, Codable {
    /// The producer's name for the attempt (`First Run`, `Retry 1`), when it gave one.
    public var label: String?
    public var outcome: Outcome
    public var duration: Double?
    /// Failure messages, each bounded.
    public var messages: [String]
    /// `File.swift:42` of the first failure, when known.
    public var location: String?
    /// The last lines of the attempt's output, when it printed any.
    public var output: String?
    /// The attempt's steps (an `.xcresult` bundle's activities), when recorded.
    public var steps: [Step]?
    /// Its attachments written beside the page, when any.
    public var attachments: [DashboardAttachment]?

    public init(
        label: String? = nil, outcome: Outcome, duration: Double? = nil, messages: [String] = [], location: String? = nil, output: String? = nil,
        steps: [Step]? = nil, attachments: [DashboardAttachment]? = nil
    ) {
        self.label = label
        self.outcome = outcome
        self.duration = duration
        self.messages = messages
        self.location = location
        self.output = output
        self.steps = steps
        self.attachments = attachments
    }
}

/// An attachment written beside the page: an image shown as a thumbnail, any other file a link.
public struct DashboardAttachment: Sendable, Equatable, Hashable, Codable {
    public var name: String
    /// Relative to the page (`attachments/<content-hash>.png`).
    public var file: String
    /// The index of the step it was taken in, when known.
    public var step: Int?
    public var isImage: Bool
    public var isFailureAssociated: Bool

    public init(name: String, file: String, step: Int? = nil, isImage: Bool, isFailureAssociated: Bool = false) {
        self.name = name
        self.file = file
        self.step = step
        self.isImage = isImage
        self.isFailureAssociated = isFailureAssociated
    }
}

/// One test class (suite) of the run with its counts: the suites view of the report tools.
public struct DashboardClassRow: Sendable, Equatable, Hashable, Codable {
    public var className: String
    public var tests: Int
    public var failed: Int
    public var flaky: Int
    public var skipped: Int
    /// Seconds: the sum of its tests' durations.
    public var duration: Double

    public init(className: String, tests: Int = 0, failed: Int = 0, flaky: Int = 0, skipped: Int = 0, duration: Double = 0) {
        self.className = className
        self.tests = tests
        self.failed = failed
        self.flaky = flaky
        self.skipped = skipped
        self.duration = duration
    }

    /// The classes of `tests`, those with failed tests first, then flaky ones, then by name.
    public static func classes(of tests: [DashboardTestRow]) -> [DashboardClassRow] {
        var rows: [String: DashboardClassRow] = [:]
        for test in tests {
            var row = rows[test.className] ?? DashboardClassRow(className: test.className)
            row.tests += 1
            switch test.outcome {
            case .failed: row.failed += 1
            case .flaky: row.flaky += 1
            case .skipped: row.skipped += 1
            case .passed: break
            }
            if let duration = test.duration, duration.isFinite { row.duration += duration }
            rows[test.className] = row
        }
        return rows.values.sorted { ($1.failed, $1.flaky, $0.className) < ($0.failed, $0.flaky, $1.className) }
    }
}
