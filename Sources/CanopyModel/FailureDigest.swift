/// The analysis of one failure of one attempt.
package struct FailureDigest: Sendable, Equatable, Hashable, Codable {
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

    package init(
        testKey: String, attemptIndex: Int, category: String, isInfrastructure: Bool, fingerprint: String,
        normalizedMessage: String, identifier: String? = nil
    ) {
        self.testKey = testKey
        self.attemptIndex = attemptIndex
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.fingerprint = fingerprint
        self.normalizedMessage = normalizedMessage
        self.identifier = identifier
    }
}
