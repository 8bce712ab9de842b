import Foundation

/// One analysed failure in one stored run.
package struct FailureRow: Sendable, Equatable, Hashable, Codable {
    package var runKey: String
    package var commit: String?
    /// `TestIdentity.key`.
    package var testKey: String
    package var attemptIndex: Int
    package var category: String
    package var isInfrastructure: Bool
    package var fingerprint: String
    /// The identifier template the failure was mapped to, when any.
    package var identifier: String?
    /// The failure's message with its dynamic parts replaced (`Exceeded timeout of {duration}`).
    package var normalizedMessage: String?
    /// The failure's message as the run read it (`FailureDigest.message`); nil for a failure
    /// stored before history kept messages (schema 7).
    package var message: String?

    package init(
        runKey: String, commit: String?, testKey: String, attemptIndex: Int, category: String, isInfrastructure: Bool,
        fingerprint: String, identifier: String?, normalizedMessage: String? = nil, message: String? = nil
    ) {
        self.normalizedMessage = normalizedMessage
        self.message = message
        self.runKey = runKey
        self.commit = commit
        self.testKey = testKey
        self.attemptIndex = attemptIndex
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.fingerprint = fingerprint
        self.identifier = identifier
    }
}
