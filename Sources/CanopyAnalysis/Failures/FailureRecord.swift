import CanopyModel

/// One failure of one attempt, joined to its element, category and cluster.
package struct FailureRecord: Sendable, Equatable, Hashable, Codable {
    /// `TestIdentity.key`.
    package var test: String
    /// Index into `TestCase.attempts`.
    package var attempt: Int
    /// Index into `Attempt.failures`.
    package var index: Int
    package var message: String
    package var location: SourceLocation?
    package var category: String
    package var isInfrastructure: Bool
    package var fingerprint: String
    package var normalizedMessage: String
    /// The element the failure is about, when one could be named.
    package var element: ElementMatch?
    /// The test's final outcome (`failed`, `flaky`).
    package var testOutcome: TestOutcome
}
