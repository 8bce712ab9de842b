import CanopyModel

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
        label: String? = nil, outcome: Outcome, duration: Double? = nil, messages: [String] = [],
        location: String? = nil, output: String? = nil,
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
