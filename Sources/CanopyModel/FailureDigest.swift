/// The analysis of one failure of one attempt.
package struct FailureDigest: Sendable, Equatable, Hashable, Codable {
    /// Bytes of a failure's message that history keeps (`message`).
    ///
    /// Every surface that shows a failure's message cuts it: the Markdown and page lists at 300 or
    /// 400 Unicode scalars, the page's test view at 1,000. 2,000 bytes hold 1,000 scalars of text
    /// written in one- and two-byte scalars (Latin, Greek, Cyrillic), so a stored run's reader
    /// shows what `run` showed; a real message (an assertion, a timeout with its expectations, an
    /// element query) is a few hundred bytes. The parsers keep 16 KB of a message for the run
    /// being read; history keeps every failure of every run it holds, so it keeps less.
    package static let messageLimit = 2_000

    /// `TestIdentity.key` of the test.
    package var testKey: String
    /// Index of the attempt in `TestCase.attempts`.
    package var attemptIndex: Int
    /// Failure category name (`elementNotFound`, `uiQueryTimeout`, …).
    package var category: String
    /// Whether the category blames the test infrastructure rather than the app.
    package var isInfrastructure: Bool
    /// Stable fingerprint of (category, normalised message, identifier template).
    package var fingerprint: String
    /// The normalised message the fingerprint was made from.
    package var normalizedMessage: String
    /// The identifier template the failure was mapped to (`Podcast-{id}-row`), when any.
    package var identifier: String?
    /// The failure's message as the run read it (`Exceeded timeout of 10 seconds`), at most
    /// `messageLimit` bytes of it (`boundedMessage`); nil for a failure stored before history kept
    /// messages (schema 7), whose readers show `normalizedMessage` instead.
    package var message: String?

    package init(
        testKey: String, attemptIndex: Int, category: String, isInfrastructure: Bool, fingerprint: String,
        normalizedMessage: String, identifier: String? = nil, message: String? = nil
    ) {
        self.testKey = testKey
        self.attemptIndex = attemptIndex
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.fingerprint = fingerprint
        self.normalizedMessage = normalizedMessage
        self.identifier = identifier
        self.message = message
    }

    /// `message` as history keeps it: its first `messageLimit` bytes, cut on a scalar boundary,
    /// with a marker saying how many bytes were cut.
    package static func boundedMessage(_ message: String) -> String {
        message.truncatedUTF8(to: messageLimit)
    }

    /// The message a reader shows: the real one when history kept it, else the normalised one.
    package var shownMessage: String { message ?? normalizedMessage }
}
