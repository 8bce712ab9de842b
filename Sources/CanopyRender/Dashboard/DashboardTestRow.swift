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
package struct DashboardAttemptDetail: Sendable, Equatable, Hashable, Codable {
    /// The producer's name for the attempt (`First Run`, `Retry 1`), when it gave one.
    package var label: String?
    package var outcome: Outcome
    package var duration: Double?
    /// Failure messages, each bounded.
    package var messages: [String]
    /// `File.swift:42` of the first failure, when known.
    package var location: String?
    /// The last lines of the attempt's output, when it printed any.
    package var output: String?
    /// The attempt's steps (an `.xcresult` bundle's activities), when recorded.
    package var steps: [Step]?
    /// Its attachments written beside the page, when any.
    package var attachments: [DashboardAttachment]?

    package init(
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
package struct DashboardAttachment: Sendable, Equatable, Hashable, Codable {
    package var name: String
    /// Relative to the page (`attachments/<content-hash>.png`).
    package var file: String
    /// The index of the step it was taken in, when known.
    package var step: Int?
    package var isImage: Bool
    package var isFailureAssociated: Bool

    package init(name: String, file: String, step: Int? = nil, isImage: Bool, isFailureAssociated: Bool = false) {
        self.name = name
        self.file = file
        self.step = step
        self.isImage = isImage
        self.isFailureAssociated = isFailureAssociated
    }
}

/// One test class (suite) of the run with its counts: the suites view of the report tools.
package struct DashboardClassRow: Sendable, Equatable, Hashable, Codable {
    package var className: String
    package var tests: Int
    package var failed: Int
    package var flaky: Int
    package var skipped: Int
    /// Seconds: the sum of its tests' durations.
    package var duration: Double

    package init(className: String, tests: Int = 0, failed: Int = 0, flaky: Int = 0, skipped: Int = 0, duration: Double = 0) {
        self.className = className
        self.tests = tests
        self.failed = failed
        self.flaky = flaky
        self.skipped = skipped
        self.duration = duration
    }

    /// The classes of `tests`, those with failed tests first, then flaky ones, then by name.
    package static func classes(of tests: [DashboardTestRow]) -> [DashboardClassRow] {
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
