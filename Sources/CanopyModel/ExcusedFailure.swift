import Foundation

/// A failing test the new-failures gate does not count, and why. Its reason in words is
/// CanopyRender's (`ExcusedFailure.reasonText`).
package struct ExcusedFailure: Sendable, Equatable, Hashable {
    package enum Reason: Sendable, Equatable, Hashable {
        /// History already calls the test flaky.
        case knownFlaky
        /// A `quarantine:` entry covers it, with its expiry and reason when given.
        case quarantined(until: Date?, reason: String?)
    }

    package var test: String
    package var reason: Reason

    package init(test: String, reason: Reason) {
        self.test = test
        self.reason = reason
    }
}
