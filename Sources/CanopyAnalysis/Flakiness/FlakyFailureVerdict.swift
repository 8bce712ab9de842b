import CanopyModel

/// What `FlakyPast` concludes about a failing test.
package enum FlakyFailureVerdict: Sendable, Equatable {
    /// History does not call the test flaky.
    case notKnownFlaky
    /// Known flaky, and every failure of this run is one it has had before.
    case excused
    /// Known flaky, but this failure (its normalised message, when it has one) is new to it.
    case newFailure(message: String?)

    /// Why a known-flaky test's failure counts: `flaky before, but this failure is new: …`.
    package var reason: String? {
        guard case .newFailure(let message) = self else { return nil }
        guard let message, !message.isEmpty else {
            return "flaky before, but this failure is new: it has no message to match its past failures"
        }
        return "flaky before, but this failure is new: " + message
    }
}
