import CanopyAnalysis
import CanopyConfig
import CanopyModel

/// What Canopy concludes about one test of one run: its outcome, what the gates make of it and
/// why, its state across history and since which commit on which branch, and the quarantine entry
/// covering it. Every list and count a reader sees is drawn from these (`RunVerdicts`).
package struct TestVerdict: Sendable, Equatable {
    /// What the run's judgement makes of the test.
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Failed, and not in the baseline: the new-failures gate counts it.
        case newFailure = "new-failure"
        /// Failed, and failed in the baseline too.
        case stillFailing = "still-failing"
        /// Failed, and left out of the new-failures gate: quarantined, or known flaky failing as before.
        case excused
        /// Passed on a retry after failing.
        case passedOnRetry = "passed-on-retry"
        case passed
        case skipped
        /// Failed in the way it declared it would: neither a pass nor a failure.
        case expectedFailure = "expected-failure"
    }

    /// Why a failure is excused.
    package typealias Excuse = ExcusedFailure.Reason

    /// `TestIdentity.key`.
    package var test: String
    package var outcome: TestOutcome
    package var kind: Kind
    /// Why the test is excused, for `kind == .excused`.
    package var excuse: Excuse?
    /// Why a failure counts as new though history calls the test flaky: its message (normalised;
    /// nil when it has none) is new to it (`FlakyFailureVerdict.newFailure`).
    package var newFailureReason: FlakyFailureVerdict?
    /// The test's state over the judged window (a request's: its target branch's window and this
    /// run); nil when history was not read or holds nothing of the test.
    package var state: FlakinessState?
    /// The branch whose commit `state` names (`main` for a pull request's run).
    package var stateBranch: String?
    /// The active quarantine entry covering the test, whatever its outcome.
    package var quarantine: QuarantineEntry?
    /// Whether the new-flaky-tests gate counts it: passed on a retry, not flaky in history before,
    /// not quarantined.
    package var isNewFlaky = false

    /// The commit of `stateBranch` that `state` dates from, when it names one.
    package var since: String?
}
