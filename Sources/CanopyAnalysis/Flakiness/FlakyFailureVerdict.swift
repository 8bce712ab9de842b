import CanopyModel

/// What `FlakyPast` concludes about a failing test.
package enum FlakyFailureVerdict: Sendable, Equatable {
    /// History does not call the test flaky.
    case notKnownFlaky
    /// Known flaky, and every failure of this run is one it has had before.
    case excused
    /// Known flaky, but this failure (its normalised message, when it has one) is new to it.
    case newFailure(message: String?)
}
