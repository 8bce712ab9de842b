/// Where a test stands across runs.
package enum DashboardFlakyState: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Fails and passes on the same code.
    case flaky
    /// Passed until `since`, fails every run from it on.
    case newlyBroken
    /// Failed from `since` on, on too few commits yet to call it broken (`minimumBrokenCommits`).
    case unconfirmedFailure
    /// Failed until `since`, passes from it on.
    case fixed
    /// Failed in the baseline and still fails.
    case stillFailing
    /// Passes.
    case stable
}

/// The evidence behind a flakiness verdict, over the history window.
package struct DashboardFlakyEvidence: Sendable, Equatable, Hashable, Codable {
    package var runs: Int
    package var failures: Int
    /// Pass↔fail transitions between consecutive runs.
    package var flips: Int
    /// Runs in which a retry passed after a failure.
    package var retries: Int
    /// Commits on which the test both failed and passed (short hashes).
    package var commits: [String]
    /// Runs in which every failed attempt failed for infrastructure (a simulator crash) and a
    /// retry passed: counted as passes, shown as evidence.
    package var infrastructureFlakes: Int

    package init(runs: Int, failures: Int, flips: Int, retries: Int, commits: [String] = [], infrastructureFlakes: Int = 0) {
        self.infrastructureFlakes = infrastructureFlakes
        self.runs = runs
        self.failures = failures
        self.flips = flips
        self.retries = retries
        self.commits = commits
    }
}

/// A test ranked by flakiness score.
package struct DashboardFlakyTest: Sendable, Equatable, Hashable, Codable {
    package var test: String
    /// 0…1, higher is flakier.
    package var score: Double
    package var state: DashboardFlakyState
    /// The commit the state dates from (`newlyBroken` since X, `fixed` at Y).
    package var since: String?
    package var evidence: DashboardFlakyEvidence
    /// The most recent failure message.
    package var lastMessage: String?
    /// Whether the new-flaky-tests gate counts it: flaky in this run and not before.
    package var isNew: Bool = false
    /// For a pull request, how the test fared on the branch it targets, when flaky there
    /// (`flaky on main: 7 of the last 30 runs`).
    package var onTargetBranch: DashboardTargetBranchFlakes?

    package init(
        test: String, score: Double, state: DashboardFlakyState, since: String? = nil, evidence: DashboardFlakyEvidence,
        lastMessage: String? = nil, isNew: Bool = false, onTargetBranch: DashboardTargetBranchFlakes? = nil
    ) {
        self.isNew = isNew
        self.onTargetBranch = onTargetBranch
        self.test = test
        self.score = score
        self.state = state
        self.since = since
        self.evidence = evidence
        self.lastMessage = lastMessage
    }
}

/// An element on which several tests fail flakily: the place to fix (a wait, a stable identifier,
/// a hit region) rather than each test.
package struct DashboardFlakyElement: Sendable, Equatable, Hashable, Codable {
    /// The identifier (or its template).
    package var identifier: String
    /// The tests that failed flakily on it, sorted.
    package var tests: [String]
    /// Its failures in flaky runs or of flaky tests, over the window.
    package var flakyFailures: Int
    /// All its failures over the window.
    package var failures: Int

    package init(identifier: String, tests: [String], flakyFailures: Int, failures: Int) {
        self.identifier = identifier
        self.tests = tests
        self.flakyFailures = flakyFailures
        self.failures = failures
    }
}

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
    package var text: String { "flaky on \(branch): \(Format.count(failedRuns)) of the last \(Format.plural(runs, "run"))" }
}
