import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

extension PreparedRun {
    /// The keys of the tests that failed an attempt in this run.
    var failingTestKeys: Set<String> { Set(testRows.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey)) }
}

/// The comparison with history: the baseline run, flakiness over the window, flaky elements and
/// the trend, read after the run is stored (`run`) or beside a run not stored (`check`).
extension CommandContext {
    /// A stored run compared with `baseline` (`previousRun(of:)` or a chosen one): its new
    /// failures are the tests failing in it that did not fail in the baseline, every failing test
    /// without one. The one rule for "new" that `run`, `report` and `trend` share; `current` is the
    /// run's snapshot when already read.
    func comparison(
        of stored: StoredRun, with baseline: StoredRun?, store: any HistoryStore, current: BaselineSnapshot? = nil
    ) async throws -> BaselineComparison {
        let snapshot: BaselineSnapshot
        if let current { snapshot = current } else { snapshot = try await self.snapshot(of: stored, store: store) }
        var base: BaselineSnapshot?
        if let baseline { base = try await self.snapshot(of: baseline, store: store) }
        return BaselineComparer.compare(snapshot, with: base, slowdown: configuration.slowerTests)
    }

    func snapshot(of run: StoredRun, store: any HistoryStore) async throws -> BaselineSnapshot {
        BaselineSnapshot(
            runKey: run.key, commit: run.metadata.commit, tests: try await store.testRuns(runKey: run.key),
            auditIssues: try await store.auditIssues(runKey: run.key), coverage: try await store.coverage(runKey: run.key))
    }

    /// The run's rows of the tests `testKeys`, as the store reads them back (the start time
    /// through seconds since 1970). By index, copying only the rows kept.
    static func ownRows(of prepared: PreparedRun, testKeys: Set<String>) -> [TestRunRow] {
        let rows = prepared.testRows
        var own: [TestRunRow] = []
        for index in rows.indices where testKeys.contains(rows[index].testKey) {
            var row = rows[index]
            row.startedAt = row.startedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) }
            own.append(row)
        }
        return own
    }

    /// The run's failures, as the store reads them back.
    static func ownFailures(of prepared: PreparedRun) -> [FailureRow] {
        let runKey = prepared.run.metadata.runKey ?? ""
        let commit = prepared.run.metadata.commit
        return prepared.digest.failures.map { failure in
            FailureRow(
                runKey: runKey, commit: commit, testKey: failure.testKey, attemptIndex: failure.attemptIndex,
                category: failure.category, isInfrastructure: failure.isInfrastructure, fingerprint: failure.fingerprint,
                identifier: failure.identifier, normalizedMessage: failure.normalizedMessage)
        }
    }

    /// Compares the run with history: the baseline run, flakiness over the window, flaky
    /// elements and the trend. `stored` says whether the run itself is already in the store.
    package func insights(for prepared: PreparedRun, store: any HistoryStore, stored: Bool) async throws -> HistoryInsights {
        // `check` on a run whose key is stored already judges it as stored (not twice, and against
        // the run before it).
        var stored = stored
        if !stored, let key = prepared.run.metadata.runKey, try await store.run(key: key) != nil { stored = true }
        let window = flakinessWindow(for: prepared)
        // The trend is one query over the window's runs, a pull request's target branch one more,
        // and the usual times of the run's long tests one per 500 of them: read while the rest is
        // worked out.
        async let trend = store.trend(in: window)
        async let targetBranch = targetBranchHistory(of: prepared, store: store)
        async let slower = slowerThanUsual(of: prepared.run.metadata, testRows: prepared.testRows, store: store)
        let (baselineRun, comparison) = try await baseline(for: prepared, store: store, stored: stored)
        let (flakiness, flakyElements, lastMessages, pastFingerprints) = try await flakiness(
            for: prepared, store: store, stored: stored, window: window)
        var insights = HistoryInsights(
            baselineRun: baselineRun, comparison: comparison, flakiness: flakiness, flakyElements: flakyElements, trend: try await trend)
        insights.lastFailureMessages = lastMessages
        insights.pastFailureFingerprints = pastFingerprints
        insights.testHistory = try await testHistory(of: prepared.run.metadata, testRows: prepared.testRows, flakiness: flakiness, store: store)
        if let slower = try await slower { insights.comparison.slowerTests = slower }
        let target = try await targetBranch
        insights.targetBranchFlakiness = target.flakiness
        let flakyOnTarget = target.flakiness.filter { $0.state == .flaky }
        insights.flakyOnTargetBranch = Set(flakyOnTarget.map(\.key.testKey))
        if let branch = self.targetBranch {
            insights.targetBranchFlakes = Dictionary(
                flakyOnTarget.map { ($0.key.testKey, (branch: branch, failedRuns: $0.evidence.failedRuns, runs: $0.evidence.runs)) },
                uniquingKeysWith: { first, _ in first })
        }
        insights.pastFailureFingerprints.merge(target.pastFingerprints) { $0.union($1) }
        return insights
    }

    /// For a pull request's run, what its target branch's window, as far as the run's start, says
    /// of the tests failing in it (an attempt failed): their flakiness there, and the fingerprints
    /// of their failures there. Nothing for a run not of a request. The target's rows are read for
    /// those tests alone (by key, from the test-key index) and analysed apart from the request's
    /// own, so the request's failures never make a test look flaky there.
    func targetBranchHistory(
        of prepared: PreparedRun, store: any HistoryStore
    ) async throws -> (flakiness: [TestFlakiness], pastFingerprints: [String: Set<String>]) {
        guard let target = targetBranch, target != prepared.run.metadata.branch else { return ([], [:]) }
        let failing = prepared.failingTestKeys
        guard !failing.isEmpty else { return ([], [:]) }
        var window = flakinessWindow(for: prepared)
        window.branch = target
        var rows: [TestRunRow] = []
        try await store.forEachTestRun(in: window, testKeys: failing) { rows.append($0) }
        var failures: [FailureRow] = []
        try await store.forEachFailure(in: window) { if failing.contains($0.testKey) { failures.append($0) } }
        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        return (analyzer.analyze(rows), Self.pastFingerprints(failures, of: prepared))
    }

    /// After a store found the run's key already stored: the stored run must hold these results.
    /// A run key is kept once (a retried upload of the same run is one run), so other results
    /// under it (a CI retry under a hand-made `--run-key`) would be dropped while `run` judged and
    /// drew them: the command stops instead, before writing anything, and the stored run is kept.
    func requireStoredResults(are prepared: PreparedRun, in store: any HistoryStore) async throws {
        let key = prepared.run.metadata.runKey ?? ""
        func signature(_ rows: [TestRunRow]) -> [String] {
            rows.map { "\($0.testKey)\u{0}\($0.osVersion ?? "")\u{0}\($0.outcome.rawValue)\u{0}\($0.attempts)\u{0}\($0.failedAttempts)" }.sorted()
        }
        let stored = try await store.testRuns(runKey: key)
        let totals = try await store.run(key: key)?.totals
        let given = prepared.run.totals
        let sameFiles = totals.map { $0.screens == given.screens && $0.elements == given.elements && $0.auditIssues == given.auditIssues } ?? true
        guard !sameFiles || signature(stored) != signature(prepared.testRows) else { return }
        throw PipelineError.store(
            "run key '\(key)' is already stored with other results (\(stored.count) tests stored, \(prepared.testRows.count) given) in "
                + "\(storeLocation.redactedStore); the stored run is kept and nothing was written. Give these results their own --run-key "
                + "(for a CI retry, include the attempt), or leave --run-key out to key the run by its CI build and inputs")
    }

    /// The run `--baseline` names; nil without `--baseline`, a usage error when no stored run has
    /// that key (`canopy run` asks before it stores anything).
    @discardableResult
    func chosenBaseline(in store: any HistoryStore) async throws -> StoredRun? {
        guard let key = options.baseline else { return nil }
        guard let run = try await store.run(key: key) else {
            throw PipelineError.usage("no stored run has the key '\(key)' (--baseline); `canopy report --list` shows the stored runs")
        }
        return run
    }

    /// The branch whose runs are the baseline of a pull or merge request's runs: `--base-branch`,
    /// else the request's target branch as the CI names it.
    var targetBranch: String? { options.baseBranch ?? ci.baseBranch }

    /// A note when the run targets a branch that gave no baseline (no run of it before this one,
    /// or a misspelt `--base-branch`): the comparison then fell back to the run's own branch, or
    /// to none, and its new failures say so.
    func targetBranchNote(for run: Run, baseline: StoredRun?) -> String? {
        guard options.baseline == nil, let target = run.metadata.baseBranch, target != run.metadata.branch,
            baseline?.metadata.branch != target
        else { return nil }
        let fallback = baseline.map { "compared with \($0.baselineLabel(comparedWithRunOn: run.metadata.branch)) of the run's own branch instead" }
            ?? "so there is no baseline"
        return "the target branch '\(target)' has no run before this one in \(storeLocation.redactedStore); \(fallback)"
    }

    /// The run `run` is compared with when no `--baseline` is given: the latest run on the target
    /// branch before it, for a pull or merge request; otherwise (or when the target branch has no
    /// run yet) the latest run before it on its own branch that is not of its own commit. Then
    /// neither re-running a failed job nor pushing again to a pull request makes its failures old:
    /// comparing with the branch's previous run did both.
    func previousRun(for run: Run, store: any HistoryStore, before key: String?, startedBefore: Date? = nil) async throws -> StoredRun? {
        try await Self.previousRun(of: run.metadata, store: store, before: key, startedBefore: startedBefore)
    }

    /// `previousRun(for:)` of a run with `metadata`, whose `baseBranch` is the branch its request
    /// targets (`assemble` sets it to `targetBranch`; a stored run keeps it): `canopy report`
    /// passes a stored run's own.
    static func previousRun(
        of metadata: RunMetadata, store: any HistoryStore, before key: String?, startedBefore: Date? = nil
    ) async throws -> StoredRun? {
        if let target = metadata.baseBranch, target != metadata.branch,
            let found = try await store.previousRun(branch: target, before: key, excludingCommit: nil, startedBefore: startedBefore)
        {
            return found
        }
        guard let branch = metadata.branch else { return nil }
        return try await store.previousRun(branch: branch, before: key, excludingCommit: metadata.commit, startedBefore: startedBefore)
    }

    /// The baseline run (`previousRun(for:)` or `--baseline`), and the run compared with it.
    private func baseline(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool
    ) async throws -> (StoredRun?, BaselineComparison) {
        let runKey = prepared.run.metadata.runKey
        let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
        var baselineRun: StoredRun?
        if options.baseline != nil {
            baselineRun = try await chosenBaseline(in: store)
        } else {
            // A run not stored (`check`) is compared as `run` will compare it once stored: with the
            // latest run that started before it, not the latest run.
            baselineRun = try await previousRun(
                for: prepared.run, store: store, before: stored ? runKey : nil, startedBefore: stored ? nil : prepared.run.metadata.startedAt)
            if baselineRun?.key == runKey { baselineRun = nil }
        }
        var snapshot: BaselineSnapshot?
        if let baselineRun { snapshot = try await self.snapshot(of: baselineRun, store: store) }
        return (baselineRun, BaselineComparer.compare(current, with: snapshot, slowdown: configuration.slowerTests))
    }

    /// Flakiness and flaky elements over the window, from the store's rows (and, for a run not
    /// stored, the run's own).
    private func flakiness(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, window: HistoryWindow
    ) async throws -> ([TestFlakiness], [FlakyElement], [String: String], [String: Set<String>]) {
        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        // `check` does not store the run: it is judged as `run` judges it once stored. The run
        // takes one of the window's runs; the history of the tests failing in it is read too (a
        // test failing for the first time has its past passes); its rows and failures join the
        // window's.
        var window = window
        if !stored, let runs = window.runs { window.runs = max(0, runs - 1) }
        var rows: [TestRunRow] = []
        var failingKeys: Set<String> = []
        let failingNow = stored ? [] : prepared.failingTestKeys
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: true, alsoTestKeys: failingNow) { row in
            rows.append(row)
            failingKeys.insert(row.testKey)
        }
        var failures: [FailureRow] = []
        try await store.forEachFailure(in: window) { failures.append($0) }
        if !stored {
            rows += Self.ownRows(of: prepared, testKeys: failingKeys.union(failingNow))
            failures += Self.ownFailures(of: prepared)
        }
        let flakiness = analyzer.analyze(rows)
        return (
            flakiness, analyzer.flakyElements(failures: failures, tests: flakiness), Self.lastMessages(failures),
            Self.pastFingerprints(failures, of: prepared)
        )
    }

    /// The fingerprints of the earlier failures (not this run's) of the tests failing in this run.
    static func pastFingerprints(_ failures: [FailureRow], of prepared: PreparedRun) -> [String: Set<String>] {
        FlakyPast.fingerprints(of: failures, excludingRun: prepared.run.metadata.runKey, testKeys: prepared.failingTestKeys)
    }

    /// Each test's latest failure message in `failures` (oldest first, as the window reads them).
    static func lastMessages(_ failures: [FailureRow]) -> [String: String] {
        var messages: [String: String] = [:]
        for failure in failures { if let message = failure.normalizedMessage, !message.isEmpty { messages[failure.testKey] = message } }
        return messages
    }
}
