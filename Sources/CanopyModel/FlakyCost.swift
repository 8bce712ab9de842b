import Foundation

/// What one flaky test cost over a window of stored runs (docs/glossary.md, "cost of a flaky
/// test"): the CI time its failed attempts took, the runs it failed outright (a gate blocked, or
/// the failure was excused by quarantine), the pull requests it failed in and the CI reruns. Measured once, from
/// the test's rows (`FlakyCost.measure`, CanopyAnalysis); every surface shows these figures.
package struct FlakyCost: Sendable, Equatable, Hashable, Codable {
    /// The test's key (`TestIdentity.key`).
    package var test: String
    /// Seconds of CI time on failed attempts: per run, the test's time × its failed attempts that
    /// were not infrastructure ÷ its attempts (the mean attempt's time per failed attempt), summed.
    package var seconds: Double
    /// Runs with at least one failed attempt that was not infrastructure.
    package var runsWithFailures: Int
    /// Runs whose final outcome was a failure (every attempt failed, or no retry was made).
    package var failedRuns: Int
    /// Runs whose failed attempt a retry made good (passed on retry).
    package var retriedRuns: Int
    /// Distinct pull or merge requests among the runs with failures.
    package var pullRequests: Int
    /// Runs it failed outright that the CI then ran again: a later attempt of the same CI build
    /// is stored (GitHub's `GITHUB_RUN_ATTEMPT`). Each test failed outright in the attempt is
    /// charged the rerun.
    package var reruns: Int

    package init(
        test: String, seconds: Double = 0, runsWithFailures: Int = 0, failedRuns: Int = 0, retriedRuns: Int = 0,
        pullRequests: Int = 0, reruns: Int = 0
    ) {
        self.test = test
        self.seconds = seconds
        self.runsWithFailures = runsWithFailures
        self.failedRuns = failedRuns
        self.retriedRuns = retriedRuns
        self.pullRequests = pullRequests
        self.reruns = reruns
    }
}
