/// The outcome of one attempt of a test, as the producer reported it.
package enum Outcome: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case passed
    case failed
    /// The test errored (an exception, a crash, a setup failure) rather than failing an assertion.
    case error
    case skipped
    /// The test failed in a way it declared it would (`XCTExpectFailure`, `pytest.xfail`): counts as a pass.
    case expectedFailure

    /// Whether this attempt counts as a failure of the test.
    package var isFailure: Bool { self == .failed || self == .error }

    /// Whether this attempt counts as a success of the test.
    package var isSuccess: Bool { self == .passed || self == .expectedFailure }

    /// Severity rank used to combine several results into one: higher wins.
    package var rank: Int {
        switch self {
        case .passed: 0
        case .expectedFailure: 1
        case .skipped: 2
        case .failed: 3
        case .error: 4
        }
    }
}

/// The final outcome of a test within one run, derived from its attempts.
package enum TestOutcome: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case passed
    case failed
    case skipped
    /// Failed at least once and passed at least once within the run (a retry or repetition passed).
    case flaky

    /// Derives the final outcome from an ordered list of attempt outcomes.
    ///
    /// Any failure together with any success is `flaky`; only failures is `failed`; only skips
    /// (or nothing) is `skipped`; otherwise `passed`. Expected failures count as successes.
    package init(attempts: some Sequence<Outcome>) {
        var failed = false
        var succeeded = false
        for outcome in attempts {
            if outcome.isFailure { failed = true }
            if outcome.isSuccess { succeeded = true }
        }
        switch (failed, succeeded) {
        case (true, true): self = .flaky
        case (true, false): self = .failed
        case (false, true): self = .passed
        case (false, false): self = .skipped
        }
    }
}
