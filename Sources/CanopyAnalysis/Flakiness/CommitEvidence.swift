/// One commit's collapsed verdict with its counts.
package struct CommitEvidence: Sendable, Equatable, Hashable, Codable {
    /// The commit, or the run key for runs without a commit.
    package var commit: String
    package var verdict: CommitVerdict
    package var runs: Int
    package var failedRuns: Int
    package var attempts: Int
    package var failedAttempts: Int

    package init(commit: String, verdict: CommitVerdict, runs: Int, failedRuns: Int, attempts: Int, failedAttempts: Int)
    {
        self.commit = commit
        self.verdict = verdict
        self.runs = runs
        self.failedRuns = failedRuns
        self.attempts = attempts
        self.failedAttempts = failedAttempts
    }
}
