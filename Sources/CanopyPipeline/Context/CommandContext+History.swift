import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

extension PreparedRun {
    /// The keys of the tests that failed an attempt in this run.
    var failingTestKeys: Set<String> { Set(testRows.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey)) }
}

/// The comparison with history: the baseline run, flakiness over the window, flaky elements and
/// the trend, read after the run is stored, or mostly beside the store (`prefetch`).
extension CommandContext {
    /// The largest reads of `insights`, made while the run is being stored.
    package struct Prefetch: Sendable {
        /// The keys of the window's runs when the reads began: a run stored after that is missing
        /// from the rows below, so a window holding one is read again.
        var runsSeen: Set<String>
        /// The window's rows of every test that failed in it or in this run, without this run's.
        var flakinessRows: [TestRunRow]
        /// The window's analysed failures, without this run's.
        var failures: [FailureRow]
        /// The latest other run on the run's branch and its snapshot (no `--baseline`, a branch).
        var baseline: (run: StoredRun, snapshot: BaselineSnapshot)?
        var baselineRead: Bool
        /// The run compared with that baseline, when it was read.
        var comparison: BaselineComparison?
        /// The window's run keys once this run is stored, oldest first, if nothing else is stored
        /// meanwhile (the window ends at the run's start, so only its run limit can drop a run),
        /// and flakiness and flaky elements worked out over that window beside the store.
        var expected: (
            window: [String], flakiness: [TestFlakiness], flakyElements: [FlakyElement], lastMessages: [String: String],
            pastFingerprints: [String: Set<String>]
        )?
    }

    /// Reads what `insights` reads most of, while the run is being stored. History may be read
    /// before or just after the run's commit; `insights` uses these only when the stored run is the
    /// newest of its window and branch and no other run joined the window meanwhile (then they
    /// tell exactly what its own reads would return), and reads again otherwise.
    package func prefetch(for prepared: PreparedRun, store: any HistoryStore) async throws -> Prefetch {
        let window = flakinessWindow(for: prepared)
        let runKey = prepared.run.metadata.runKey
        // The baseline is read beside the window's rows and their working out.
        async let baseline = baselineBeside(prepared, store: store)
        // First: a run committed after this read may be missing below, and fails the check in `insights`.
        let seen = try await store.runs(in: window).map(\.key).filter { $0 != runKey }
        let runsSeen = Set(seen)
        let failing = prepared.failingTestKeys
        var rows: [TestRunRow] = []
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: true, alsoTestKeys: failing) { row in
            if row.runKey != runKey { rows.append(row) }
        }
        var failures: [FailureRow] = []
        try await store.forEachFailure(in: window) { if $0.runKey != runKey { failures.append($0) } }
        var prefetch = Prefetch(
            runsSeen: runsSeen, flakinessRows: rows, failures: failures, baseline: nil, baselineRead: false, comparison: nil)
        if let runKey {
            // Worked out now, while the store finishes; `insights` keeps it if the window proves as expected.
            var expected = seen + [runKey]
            if let limit = window.runs { expected = Array(expected.suffix(max(0, limit))) }
            let made = windowRows(from: prefetch, prepared: prepared, inWindow: Set(expected))
            let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
            let flakiness = analyzer.analyze(made.tests)
            prefetch.expected = (
                expected, flakiness, analyzer.flakyElements(failures: made.failures, tests: flakiness), Self.lastMessages(made.failures),
                Self.pastFingerprints(made.failures, of: prepared)
            )
        }
        if let (read, comparison) = try await baseline {
            prefetch.baselineRead = true
            prefetch.baseline = read
            prefetch.comparison = comparison
        }
        return prefetch
    }

    /// The run's baseline (`previousRun(for:)`) with its snapshot, and the run compared with it;
    /// nil with `--baseline` or no branch. Before the run when it is stored, else the latest other
    /// run: the same run either way once the run proves the newest on its branch.
    private func baselineBeside(
        _ prepared: PreparedRun, store: any HistoryStore
    ) async throws -> ((run: StoredRun, snapshot: BaselineSnapshot)?, BaselineComparison)? {
        guard options.baseline == nil, prepared.run.metadata.branch != nil || targetBranch != nil else { return nil }
        let runKey = prepared.run.metadata.runKey
        let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
        guard let run = try await previousRun(for: prepared.run, store: store, before: runKey), run.key != runKey else {
            return (nil, BaselineComparer.compare(current, with: nil, slowdown: configuration.slowerTests))
        }
        let snapshot = try await snapshot(of: run, store: store)
        return ((run, snapshot), BaselineComparer.compare(current, with: snapshot, slowdown: configuration.slowerTests))
    }

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

    /// The keys of the window's runs now that the run is stored, if the rows read beside the store
    /// stand for them: the run is the newest of its window and every other run of the window was
    /// there when the prefetch began (then the window can only have lost its oldest runs, and the
    /// run's rows come last, for each test and among the failures, as the queries order them).
    func windowAfterStoring(_ prefetched: Prefetch, prepared: PreparedRun, window: HistoryWindow, store: any HistoryStore) async throws -> [String]? {
        let keys = try await store.runs(in: window).map(\.key)
        guard let runKey = prepared.run.metadata.runKey, keys.last == runKey,
            keys.dropLast().allSatisfy({ prefetched.runsSeen.contains($0) })
        else { return nil }
        return keys
    }

    /// What `forEachTestRun(in: window, onlyTestsWithFailures: true)` and `forEachFailure(in: window)`
    /// return once the run is stored and the window holds the runs `inWindow` (`windowAfterStoring`),
    /// made from `prefetched` and the run's own rows.
    func windowRows(from prefetched: Prefetch, prepared: PreparedRun, inWindow: Set<String>) -> (tests: [TestRunRow], failures: [FailureRow]) {
        let kept = prefetched.flakinessRows.filter { inWindow.contains($0.runKey) }
        let failing = Set(kept.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey)).union(prepared.failingTestKeys)
        let own = Self.ownRows(of: prepared, testKeys: failing)
        return (
            kept.filter { failing.contains($0.testKey) } + own,
            prefetched.failures.filter { inWindow.contains($0.runKey) } + Self.ownFailures(of: prepared)
        )
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
    /// elements and the trend. `stored` says whether the run itself is already in the store;
    /// `prefetched` was read beside the store (`prefetch`).
    package func insights(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, prefetched: Prefetch? = nil
    ) async throws -> HistoryInsights {
        // `check` on a run whose key is stored already judges it as stored (not twice, and against
        // the run before it).
        var stored = stored
        if !stored, let key = prepared.run.metadata.runKey, try await store.run(key: key) != nil { stored = true }
        let window = flakinessWindow(for: prepared)
        // The prefetch stands only when the run is the newest of its window and no other run
        // joined it meanwhile (`windowAfterStoring`).
        var standing: (prefetch: Prefetch, window: [String])?
        if stored, let prefetched, let keys = try await windowAfterStoring(prefetched, prepared: prepared, window: window, store: store) {
            standing = (prefetched, keys)
        }
        // The trend is one query over the window's runs, and a pull request's target branch one
        // more: read while the rest is worked out.
        async let trend = store.trend(in: window)
        async let targetBranch = targetBranchHistory(of: prepared, store: store)
        let (baselineRun, comparison) = try await baseline(for: prepared, store: store, stored: stored, prefetched: standing?.prefetch)
        let (flakiness, flakyElements, lastMessages, pastFingerprints, besideStore) = try await flakiness(
            for: prepared, store: store, stored: stored, window: window, standing: standing)
        var insights = HistoryInsights(
            baselineRun: baselineRun, comparison: comparison, flakiness: flakiness, flakyElements: flakyElements, trend: try await trend,
            besideStore: besideStore)
        insights.lastFailureMessages = lastMessages
        insights.pastFailureFingerprints = pastFingerprints
        insights.testHistory = try await testHistory(of: prepared.run.metadata, testRows: prepared.testRows, flakiness: flakiness, store: store)
        if let slower = try await slowerThanUsual(of: prepared.run.metadata, testRows: prepared.testRows, store: store) {
            insights.comparison.slowerTests = slower
        }
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
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, prefetched: Prefetch?
    ) async throws -> (StoredRun?, BaselineComparison) {
        let runKey = prepared.run.metadata.runKey
        let current = BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows)
        var baselineRun: StoredRun?
        if let prefetched, prefetched.baselineRead {
            // The baseline read beside the store stands if it is still the run before this one (a
            // run started in the past has later runs of its branch before it in the store).
            baselineRun = try await previousRun(for: prepared.run, store: store, before: runKey)
            if baselineRun?.key == prefetched.baseline?.run.key, let comparison = prefetched.comparison {
                return (prefetched.baseline?.run, comparison)
            }
        } else if options.baseline != nil {
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

    /// Flakiness and flaky elements over the window: as worked out beside the store when the
    /// window is the one expected, from the rows read beside the store when those stand, else
    /// from the store's rows now.
    private func flakiness(
        for prepared: PreparedRun, store: any HistoryStore, stored: Bool, window: HistoryWindow,
        standing: (prefetch: Prefetch, window: [String])?
    ) async throws -> ([TestFlakiness], [FlakyElement], [String: String], [String: Set<String>], HistoryInsights.BesideStore) {
        if let standing, let expected = standing.prefetch.expected, expected.window == standing.window {
            return (expected.flakiness, expected.flakyElements, expected.lastMessages, expected.pastFingerprints, .analysis)
        }
        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        if let standing {
            let made = windowRows(from: standing.prefetch, prepared: prepared, inWindow: Set(standing.window))
            let flakiness = analyzer.analyze(made.tests)
            return (
                flakiness, analyzer.flakyElements(failures: made.failures, tests: flakiness), Self.lastMessages(made.failures),
                Self.pastFingerprints(made.failures, of: prepared), .rows
            )
        }
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
            Self.pastFingerprints(failures, of: prepared), .nothing
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
