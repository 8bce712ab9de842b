import CanopyModel
import Foundation

/// Tells flaky tests from broken ones across runs: values in (history rows), values out.
///
/// The passes, in order:
/// 1. each run's verdict for the test (`verdict(of:)`: passed, flaky by retry, infrastructure flake, failed every attempt);
/// 2. runs collapse to one verdict per commit (pass, fail, mixed), commits in order of their first run;
/// 3. the state: a trailing failure block improbable under the earlier failure rate (Wilson upper
///    bound, run-length test) is newly broken; mixed commits or unexplained flips are flaky; a
///    failure block followed by passes is fixed; otherwise stable;
/// 4. the score: exponentially weighted per-commit attempt entropy and flip rate.
package struct FlakinessAnalyzer: Sendable {
    package var configuration: FlakinessConfiguration

    package init(configuration: FlakinessConfiguration = FlakinessConfiguration()) {
        self.configuration = configuration
    }

    /// How a test fared within one run.
    package static func verdict(of row: TestRunRow) -> RunVerdict {
        if row.failedAttempts == 0 {
            return row.outcome == .skipped ? .skipped : .passed
        }
        if row.infrastructureFailedAttempts >= row.failedAttempts { return .infrastructureFlake }
        return row.failedAttempts < row.attempts && row.outcome == .flaky ? .passedOnRetry : .failedEveryAttempt
    }

    /// Analyses rows of any number of tests in any order; results sorted by score, highest first.
    package func analyze(_ rows: some Sequence<TestRunRow>) -> [TestFlakiness] {
        var groups: [FlakinessKey: [TestRunRow]] = [:]
        for row in rows { groups[Self.key(of: row), default: []].append(row) }
        // Each test on its own, on every core; the ranking orders the results whatever the order.
        let tests = Array(groups)
        return Self.ranked(
            ParallelMap.map(tests.count) { analyzeTest(tests[$0].key, runs: tests[$0].value) }.compactMap { $0 })
    }

    /// Sorts by score (highest first); among equal scores, more failed runs first, then more runs
    /// (a retry on one commit scores 1, as a retry on every commit does), then by key.
    static func ranked(_ results: [TestFlakiness]) -> [TestFlakiness] {
        // The positions are sorted, not the results: moving results (evidence and all) would be
        // most of the sort.
        let order = results.indices.sorted { a, b in
            let (x, y) = (results[a], results[b])
            if x.score != y.score { return x.score > y.score }
            if x.evidence.failedRuns != y.evidence.failedRuns { return x.evidence.failedRuns > y.evidence.failedRuns }
            if x.evidence.runs != y.evidence.runs { return x.evidence.runs > y.evidence.runs }
            return x.key < y.key
        }
        return order.map { results[$0] }
    }

    /// A run's and a test's one key (the separator is in no run key or test key).
    package static func runTest(_ runKey: String, _ testKey: String) -> String { runKey + "\u{1F}" + testKey }

    static func key(of row: TestRunRow) -> FlakinessKey {
        FlakinessKey(testKey: row.testKey, device: row.device, osVersion: row.osVersion)
    }

    /// Analyses one test's runs (ordered by start time here); nil when every run was skipped.
    package func analyzeTest(_ key: FlakinessKey, runs: [TestRunRow]) -> TestFlakiness? {
        let ordered = runs.enumerated().sorted { lhs, rhs in
            switch (lhs.element.startedAt, rhs.element.startedAt) {
            case (let l?, let r?) where l != r: l < r
            default: lhs.offset < rhs.offset
            }
        }.map(\.element)
        var evidence = FlakinessEvidence()
        var commits: [String: Int] = [:]
        var tallies: [CommitTally] = []
        var latest = RunVerdict.skipped
        for row in ordered {
            let verdict = Self.verdict(of: row)
            guard verdict != .skipped else { continue }
            latest = verdict
            evidence.runs += 1
            evidence.retries += max(0, row.attempts - 1)
            switch verdict {
            case .passedOnRetry: evidence.passedOnRetryRunKeys.append(row.runKey)
            case .infrastructureFlake: evidence.infrastructureFlakes += 1
            default: break
            }
            let commit = row.commit ?? row.runKey
            let position: Int
            if let known = commits[commit] {
                position = known
            } else {
                position = tallies.count
                commits[commit] = position
                tallies.append(CommitTally(commit: commit))
            }
            tallies[position].add(
                row, verdict: verdict, infrastructureIsPass: configuration.infrastructureFlakesCountAsPasses)
        }
        guard !tallies.isEmpty else { return nil }
        evidence.commits = tallies.map(\.evidence)
        evidence.failedRuns = tallies.reduce(0) { $0 + $1.failedRuns }
        let verdicts = evidence.commits.map(\.verdict)
        evidence.flips = Self.flips(verdicts)
        let state = state(of: evidence.commits)
        let entropy = FlakinessStatistics.exponentiallyWeightedMean(
            tallies.map { FlakinessStatistics.entropy(failures: $0.failedAttempts, trials: $0.attempts) },
            decay: configuration.scoreDecay)
        let fractions = tallies.map(\.failureFraction)
        let changes = zip(fractions, fractions.dropFirst()).map { abs($1 - $0) }
        let flip = FlakinessStatistics.exponentiallyWeightedMean(changes, decay: configuration.scoreDecay)
        return TestFlakiness(
            key: key, state: state, score: max(entropy, flip), entropyScore: entropy, flipScore: flip, latest: latest,
            evidence: evidence)
    }

    /// Pass↔fail changes between consecutive commits; a mixed commit counts as a change from either side.
    static func flips(_ verdicts: [CommitVerdict]) -> Int {
        zip(verdicts, verdicts.dropFirst()).filter { $0 != $1 || $0 == .mixed }.count
    }
}
