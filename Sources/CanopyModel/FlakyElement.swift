/// An element (identifier node) on which several tests fail flakily: the place to fix (a wait, a
/// stable identifier, a hit region) rather than each test.
package struct FlakyElement: Sendable, Equatable, Hashable, Codable {
    /// The identifier template (`Checkout.PaymentSheet.PayButton`).
    package var identifier: String
    /// The tests with flaky failures on it, sorted.
    package var tests: [String]
    /// Its failures that were flaky (a retry passed, or the test is flaky), over the window.
    package var flakyFailures: Int
    /// All its failures over the window.
    package var failures: Int

    package init(identifier: String, tests: [String], flakyFailures: Int, failures: Int) {
        self.identifier = identifier
        self.tests = tests
        self.flakyFailures = flakyFailures
        self.failures = failures
    }
}
