/// How one test fared within one run.
package enum RunVerdict: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// No attempt failed.
    case passed
    /// An attempt failed and a retry passed.
    case flakyByRetry
    /// Every failed attempt failed in an infrastructure category (simulator, runner, network).
    case infrastructureFlake
    /// Every attempt failed, at least one for a reason that is not infrastructure.
    case failedEveryAttempt
    /// Only skips: no evidence either way.
    case skipped
}

/// One test's runs on one commit, collapsed.
package enum CommitVerdict: String, Sendable, Equatable, Hashable, Codable {
    case pass
    case fail
    /// Passed and failed on the same commit (across runs or retries).
    case mixed
}

/// A test's state across runs.
package enum FlakinessState: Sendable, Equatable, Hashable, Codable {
    /// Passed on every commit in the window.
    case stable
    /// Mixed verdicts on a commit, or flips no single change point explains.
    case flaky
    /// Failing since `commit`: a trailing block of failures improbable under the earlier failure rate.
    case newlyBroken(since: String)
    /// Failed, and passes since `commit`.
    case fixed(at: String)
    /// Failed on every commit in the window, since `commit` (the window's first).
    case stillFailing(since: String)
    /// Failing at the end of the window since `commit`, but too few runs yet to tell broken from flaky.
    case unconfirmedFailure(since: String)

    /// A short name for tables and JSON (`newlyBroken`).
    package var name: String {
        switch self {
        case .stable: "stable"
        case .flaky: "flaky"
        case .newlyBroken: "newlyBroken"
        case .fixed: "fixed"
        case .stillFailing: "stillFailing"
        case .unconfirmedFailure: "unconfirmedFailure"
        }
    }

    /// The commit the state names, when it names one.
    package var commit: String? {
        switch self {
        case .stable, .flaky: nil
        case .newlyBroken(let commit), .fixed(let commit), .stillFailing(let commit), .unconfirmedFailure(let commit): commit
        }
    }
}

/// What flakiness is keyed by: the test identity (device and configuration included) and the OS.
package struct FlakinessKey: Sendable, Equatable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// `TestIdentity.key`.
    package var testKey: String
    package var device: String?
    package var osVersion: String?

    package init(testKey: String, device: String?, osVersion: String?) {
        self.testKey = testKey
        self.device = device
        self.osVersion = osVersion
    }

    package var description: String { osVersion.map { "\(testKey) [\($0)]" } ?? testKey }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.testKey, lhs.device ?? "", lhs.osVersion ?? "") < (rhs.testKey, rhs.device ?? "", rhs.osVersion ?? "")
    }
}

/// One commit's collapsed verdict with its counts.
package struct CommitEvidence: Sendable, Equatable, Hashable, Codable {
    /// The commit, or the run key for runs without a commit.
    package var commit: String
    package var verdict: CommitVerdict
    package var runs: Int
    package var failedRuns: Int
    package var attempts: Int
    package var failedAttempts: Int

    package init(commit: String, verdict: CommitVerdict, runs: Int, failedRuns: Int, attempts: Int, failedAttempts: Int) {
        self.commit = commit
        self.verdict = verdict
        self.runs = runs
        self.failedRuns = failedRuns
        self.attempts = attempts
        self.failedAttempts = failedAttempts
    }
}

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
    /// Runs in which a retry passed after a failure.
    package var flakyRunKeys: [String] = []
    /// Per commit, oldest first.
    package var commits: [CommitEvidence] = []

    package init() {}
}

/// One test's flakiness over a window.
package struct TestFlakiness: Sendable, Equatable, Hashable, Codable {
    package var key: FlakinessKey
    package var state: FlakinessState
    /// 0…1: the larger of the exponentially weighted per-commit entropy and flip rate.
    package var score: Double
    /// Exponentially weighted mean of per-commit attempt entropy (Apple, ICSE-SEIP 2020).
    package var entropyScore: Double
    /// Exponentially weighted mean of verdict changes between consecutive commits.
    package var flipScore: Double
    /// The latest run's verdict.
    package var latest: RunVerdict
    package var evidence: FlakinessEvidence

    package init(
        key: FlakinessKey, state: FlakinessState, score: Double, entropyScore: Double, flipScore: Double,
        latest: RunVerdict, evidence: FlakinessEvidence
    ) {
        self.key = key
        self.state = state
        self.score = score
        self.entropyScore = entropyScore
        self.flipScore = flipScore
        self.latest = latest
        self.evidence = evidence
    }
}

/// An element (identifier node) whose failures are flaky across different tests.
package struct FlakyElement: Sendable, Equatable, Hashable, Codable {
    /// The identifier template (`Checkout.PaymentSheet.PayButton`).
    package var identifier: String
    /// Tests with flaky failures on it, sorted.
    package var tests: [String]
    /// Failures on it that were flaky (a retry passed, or the test is flaky).
    package var flakyFailures: Int
    /// All failures on it in the window.
    package var failures: Int

    package init(identifier: String, tests: [String], flakyFailures: Int, failures: Int) {
        self.identifier = identifier
        self.tests = tests
        self.flakyFailures = flakyFailures
        self.failures = failures
    }
}
