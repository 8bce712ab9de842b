/// An element (identifier node) on which several tests fail flakily: the place to fix (a wait, a
/// stable identifier, a hit region) rather than each test.
///
/// Its figures count tests, never failure messages: `tests` are the tests listed as failing
/// flakily on it, and `failingTests` every test that failed on it in the window.
package struct FlakyElement: Sendable, Equatable, Hashable, Codable {
    /// The identifier template (`Checkout.PaymentSheet.PayButton`).
    package var identifier: String
    /// The tests with a flaky failure on it (a retry passed in that run, or the test is flaky),
    /// sorted.
    package var tests: [String]
    /// Distinct tests with a failure on it over the window, flaky or not: `tests` and the others.
    package var failingTests: Int
    /// What its flaky failures cost over the window (docs/glossary.md, "cost of a flaky
    /// element"): seconds of CI time on the attempts that failed flakily on it (per run and test:
    /// the test's time × those attempts ÷ its attempts), infrastructure failures aside.
    package var seconds: Double
    /// Runs with an attempt that failed flakily on it.
    package var runsWithFailures: Int
    /// Runs in which a test that failed flakily on it failed outright.
    package var failedRuns: Int

    package init(
        identifier: String, tests: [String], failingTests: Int, seconds: Double = 0, runsWithFailures: Int = 0,
        failedRuns: Int = 0
    ) {
        self.identifier = identifier
        self.tests = tests
        self.failingTests = failingTests
        self.seconds = seconds
        self.runsWithFailures = runsWithFailures
        self.failedRuns = failedRuns
    }
}
