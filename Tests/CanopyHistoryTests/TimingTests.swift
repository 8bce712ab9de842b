import Foundation
import Testing

/// Tests that bound how long an outage is waited for run alone, after the rest of the suite
/// (`make test` runs them in a second pass with `CANOPY_TEST_TIMING=1`): under the full suite's
/// load on 2 cores a server's restart and a refused connection took longer than any bound that
/// still tells a wait from a hang.
enum TimingTests {
    static let alone = ProcessInfo.processInfo.environment["CANOPY_TEST_TIMING"] == "1"
    static let why: Comment = "runs alone: make test's second pass sets CANOPY_TEST_TIMING=1"

    /// The bound that tells a hang from a wait for a suite run in the parallel pass. A test there
    /// may wait minutes for a thread: on 2 cores the tests that run the `canopy` binary hold the
    /// test runner's threads while it runs (a 3-minute bound tripped on tests that take 3 s alone).
    static let hang: TimeLimitTrait = .timeLimit(.minutes(10))
}
