/// A test's failures over the window of the branch a pull request targets.
package struct DashboardTargetBranchFlakes: Sendable, Equatable, Hashable, Codable {
    /// The target branch (`main`).
    package var branch: String
    /// Runs of the window in which the test failed an attempt.
    package var failedRuns: Int
    /// Runs of the window that ran the test.
    package var runs: Int

    package init(branch: String, failedRuns: Int, runs: Int) {
        self.branch = branch
        self.failedRuns = failedRuns
        self.runs = runs
    }

    /// `flaky on main: 7 of the last 30 runs`.
    package var text: String {
        "flaky on \(branch): \(Format.count(failedRuns)) of the last \(Format.plural(runs, "run"))"
    }
}
