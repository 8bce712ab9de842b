/// The evidence behind a flakiness verdict, over the history window.
package struct DashboardFlakyEvidence: Sendable, Equatable, Hashable, Codable {
    package var runs: Int
    /// Runs with a failed attempt that was not infrastructure (`FlakinessEvidence.failedRuns`).
    package var failedRuns: Int
    /// Pass↔fail transitions between consecutive runs.
    package var flips: Int
    /// Runs in which a retry passed after a failure.
    package var retries: Int
    /// Commits on which the test both failed and passed (short hashes).
    package var commits: [String]
    /// Runs in which every failed attempt failed for infrastructure (a simulator crash) and a
    /// retry passed: counted as passes, shown as evidence.
    package var infrastructureFlakes: Int

    package init(
        runs: Int, failedRuns: Int, flips: Int, retries: Int, commits: [String] = [], infrastructureFlakes: Int = 0
    ) {
        self.infrastructureFlakes = infrastructureFlakes
        self.runs = runs
        self.failedRuns = failedRuns
        self.flips = flips
        self.retries = retries
        self.commits = commits
    }
}
