/// The final outcome of a test within one run, derived from its attempts.
package enum TestOutcome: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case passed
    case failed
    case skipped
    /// Failed at least once and passed at least once within the run (a retry or repetition
    /// passed): "passed on retry", written `passedOnRetry`. Never "flaky", which is a state over a
    /// window of runs.
    case flaky = "passedOnRetry"
    /// Failed in the way it declared it would (`XCTExpectFailure`, a Swift Testing known issue,
    /// `pytest.xfail`) and never failed otherwise: neither a pass nor a failure.
    case expectedFailure

    /// Derives the final outcome from an ordered list of attempt outcomes.
    ///
    /// Any failure together with any success is `flaky`; only failures is `failed`; only skips
    /// (or nothing) is `skipped`; an expected failure with no failure and no plain pass is
    /// `expectedFailure`; otherwise `passed`. Expected failures count as successes when another
    /// attempt failed, as Xcode's retries do.
    package init(attempts: some Sequence<Outcome>) {
        var failed = false
        var succeeded = false
        var passed = false
        for outcome in attempts {
            if outcome.isFailure { failed = true }
            if outcome.isSuccess { succeeded = true }
            if outcome == .passed { passed = true }
        }
        switch (failed, succeeded) {
        case (true, true): self = .flaky
        case (true, false): self = .failed
        case (false, true): self = passed ? .passed : .expectedFailure
        case (false, false): self = .skipped
        }
    }

    /// Whether history counts the test as passing in this run: expected failures are (a test that
    /// always fails as expected is stable).
    package var isPassing: Bool { self == .passed || self == .expectedFailure }
}
