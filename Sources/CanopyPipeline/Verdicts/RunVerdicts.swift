import CanopyAnalysis
import CanopyConfig
import CanopyModel

/// Canopy's conclusion about every test of one run: the one value the gates, the summary, the
/// comment, the page, the JSON documents and the command's own lines are drawn from. `canopy run`
/// and `check` judge a run just read; `report` and the trend's latest run judge a stored one, by
/// the same rules (`judge`).
package struct RunVerdicts: Sendable, Equatable {
    /// One verdict per test, in the run's order.
    package private(set) var tests: [TestVerdict]
    /// The quarantine entries active when the run was judged: the page lists them, and everything
    /// they cover carries their badge.
    package private(set) var quarantine: [QuarantineEntry]
    /// Each test's verdicts across the run's destinations; empty for a run on fewer than two.
    package private(set) var destinations = DestinationRollup()
    /// The failures that say the test runner died or was restarted mid-run, so tests after them
    /// may not have run (`crashes(in:)`): `Class/name: message`, one per test, in the run's order.
    package var crashes: [String] = []
    /// Positions in `tests` by test key.
    private var positions: [String: Int]

    package init(tests: [TestVerdict], quarantine: [QuarantineEntry] = []) {
        self.tests = tests
        self.quarantine = quarantine
        positions = Dictionary(tests.indices.map { (tests[$0].test, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Keeps the quarantine entries `keep` accepts (a page of one owner's tests lists that
    /// owner's entries); the tests' verdicts are unchanged.
    package mutating func keepQuarantine(where keep: (QuarantineEntry) -> Bool) {
        quarantine.removeAll { !keep($0) }
    }

    /// The verdict of the test with `key`, when the run has it.
    package subscript(test key: String) -> TestVerdict? { positions[key].map { tests[$0] } }

    /// The verdicts of `kind`, in the run's order.
    package func tests(_ kind: TestVerdict.Kind) -> [TestVerdict] { tests.filter { $0.kind == kind } }

    /// The tests the new-failures gate counts.
    package var newFailures: [String] { tests(.newFailure).map(\.test) }
    /// The failing tests left out of the gate, with why.
    package var excused: [ExcusedFailure] {
        tests.compactMap { verdict in verdict.excuse.map { ExcusedFailure(test: verdict.test, reason: $0) } }
    }
    /// The tests failing in the baseline too, not excused.
    package var stillFailing: [String] { tests(.stillFailing).map(\.test) }
    /// Why a new failure counts though history calls its test flaky, by test key.
    package var newFailureReasons: [String: FlakyFailureVerdict] {
        Dictionary(
            tests.compactMap { verdict in verdict.newFailureReason.map { (verdict.test, $0) } },
            uniquingKeysWith: { first, _ in first })
    }
    /// The tests the new-flaky-tests gate counts.
    package var newFlaky: [String] { tests.filter(\.isNewFlaky).map(\.test) }
    /// Failing tests (every attempt failed) not quarantined: what annotations name.
    package var failing: [String] {
        tests.filter { $0.outcome == .failed && $0.quarantine == nil }.map(\.test)
    }
}

extension RunVerdicts {
    /// Judges each test of a run.
    /// - Parameters:
    ///   - rows: the run's tests, one row each, in order.
    ///   - failures: every failure of the run (their fingerprints decide whether a known flake
    ///     failed as before).
    ///   - comparison: the run against its baseline (which failing tests are new, which still fail).
    ///   - states: each test's state over the judged window, by key (`HistoryInsights.flakiness`).
    ///   - stateBranch: the branch those states' commits are on.
    ///   - ownCommit: for a pull or merge request's run, its own commit: its states are the target
    ///     branch's window plus this run, and a state dating from this run names no commit of the
    ///     target branch, so no `since`.
    ///   - quarantine: the quarantine entries active when the run was judged.
    ///   - flakyPast: the tests history calls flaky with their past failures (`FlakyPast`).
    ///   - flakyBefore: test keys history called flaky before this run.
    package static func judge(
        rows: [TestRunRow], failures: [FailureDigest], comparison: BaselineComparison,
        states: [String: FlakinessState] = [:], stateBranch: String? = nil, ownCommit: String? = nil,
        quarantine active: [QuarantineEntry],
        flakyPast: FlakyPast = FlakyPast(), flakyBefore: Set<String> = []
    ) -> RunVerdicts {
        let new = Set(comparison.failingNotInBaseline)
        let still = Set(comparison.stillFailing)
        let newFlaky = Set(comparison.passedOnRetryNotInBaseline)
        let failuresNow = Dictionary(grouping: failures.lazy.filter { new.contains($0.testKey) }, by: \.testKey)
        var verdicts: [TestVerdict] = []
        verdicts.reserveCapacity(rows.count)
        for row in rows {
            let key = row.testKey
            let entry = active.isEmpty ? nil : Self.entry(in: active, quarantining: row.key)
            var verdict = TestVerdict(
                test: key, outcome: row.outcome, kind: .passed, state: states[key],
                stateBranch: states[key] == nil ? nil : stateBranch, quarantine: entry)
            if let commit = states[key]?.commit, ownCommit == nil || commit != ownCommit { verdict.since = commit }
            switch row.outcome {
            case .passed: verdict.kind = .passed
            case .skipped: verdict.kind = .skipped
            case .expectedFailure: verdict.kind = .expectedFailure
            case .flaky:
                verdict.kind = .passedOnRetry
                verdict.isNewFlaky =
                    newFlaky.contains(key) && entry == nil && !flakyBefore.contains(key)
                    && !flakyBefore.contains(row.key.test)
            case .failed:
                if let entry {
                    verdict.kind = .excused
                    verdict.excuse = .quarantined(until: entry.expires, reason: entry.reason)
                } else if still.contains(key) {
                    verdict.kind = .stillFailing
                } else {
                    let flaky = flakyPast.verdict(testKey: row.key, failuresNow: failuresNow[key] ?? [])
                    if flaky == .excused {
                        verdict.kind = .excused
                        verdict.excuse = .knownFlaky
                    } else {
                        verdict.kind = .newFailure
                        if case .newFailure = flaky { verdict.newFailureReason = flaky }
                    }
                }
            }
            verdicts.append(verdict)
        }
        var judged = RunVerdicts(tests: verdicts, quarantine: active)
        judged.destinations = DestinationRollup.rollUp(rows: rows, verdicts: verdicts)
        judged.crashes = crashes(in: failures)
        return judged
    }

    /// The failures that say the test runner died or was restarted mid-run: xcodebuild's
    /// `Restarting after unexpected exit, crash, or test timeout` (the bundle's process crashed and
    /// was relaunched), and the runner's own failures (`testRunnerInfrastructure`: `Test crashed
    /// with signal`, `Lost connection to test manager`). One per test, `Class/name: message`.
    static func crashes(in failures: [FailureDigest]) -> [String] {
        var seen: Set<String> = []
        var crashes: [String] = []
        for failure in failures
        where failure.category == "testRunnerInfrastructure"
            || failure.shownMessage.contains(FailureCategoryRule.restartAfterCrash)
        {
            if seen.insert(failure.testKey).inserted {
                let line = failure.shownMessage.split(whereSeparator: \.isNewline).first ?? ""
                crashes.append("\(failure.testKey): \(line.prefix(160))")
            }
        }
        return crashes
    }

    /// The active entry covering the test with `key`, whether or not the run has it.
    package func quarantineEntry(forTest key: String) -> QuarantineEntry? {
        self[test: key]?.quarantine ?? Self.entry(in: quarantine, quarantining: TestKey(stored: key))
    }

    /// The active entry covering an audit issue, by its element's identifier and audit type.
    package func quarantineEntry(for issue: AuditIssue) -> QuarantineEntry? {
        quarantine.first { $0.matches(identifier: issue.element?.identifier, auditType: issue.auditType) }
    }

    /// The active quarantine entry naming the test, by its key or (entries may name the test
    /// alone) its key without the device and configuration.
    package static func entry(in active: [QuarantineEntry], quarantining testKey: TestKey) -> QuarantineEntry? {
        let key = testKey.description
        return active.first { $0.matches(testKey: key) || $0.matches(testKey: testKey.test) }
    }
}
