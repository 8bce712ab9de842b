/// The final outcome of a test within one run, derived from its attempts.
package enum TestOutcome: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case passed
    case failed
    case skipped
    /// Failed at least once and passed at least once within the run (a retry or repetition
    /// passed): "passed on retry", written `passedOnRetry`. Never "flaky", which is a state over a
    /// window of runs.
    case flaky = "passedOnRetry"

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
