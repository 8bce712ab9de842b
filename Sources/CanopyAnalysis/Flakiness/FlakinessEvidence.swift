/// The evidence behind a state and a score.
package struct FlakinessEvidence: Sendable, Equatable, Hashable, Codable {
    /// Runs that were not only skipped.
    package var runs = 0
    /// Runs with at least one failed attempt that was not infrastructure.
    package var failedRuns = 0
    /// Pass/fail changes between consecutive commits.
    package var flips = 0
    /// Attempts beyond the first, summed over runs.
    package var retries = 0
    package var infrastructureFlakes = 0
    /// Runs in which the test passed on retry (an attempt failed, a later one passed).
    package var passedOnRetryRunKeys: [String] = []
    /// Per commit, oldest first.
    package var commits: [CommitEvidence] = []

    package init() {}
}
