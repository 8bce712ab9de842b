import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

/// The baseline a run is compared with: chosen with `--baseline` or found before the run on its
/// target or own branch, and the comparison with it.
extension HistoryJudge {
    /// The run `--baseline` names; nil without `--baseline`, a usage error when no stored run has
    /// that key. Asked once per command (`canopy run` before it stores anything) and handed on.
    func chosenBaseline(in store: any HistoryStore) async throws -> StoredRun? {
        guard let key = baselineKey else { return nil }
        guard let run = try await store.run(key: key) else {
            throw PipelineError.usage(
                "no stored run has the key '\(key)' (--baseline); `canopy report --list` shows the stored runs")
        }
        return run
    }

    /// The run `run` is compared with when no `--baseline` is given: the latest run on the target
    /// branch before it, for a pull or merge request; otherwise (or when the target branch has no
    /// run yet) the latest run before it on its own branch that is not of its own commit. Then
    /// neither re-running a failed job nor pushing again to a pull request makes its failures old:
    /// comparing with the branch's previous run did both.
    func previousRun(for run: Run, store: any HistoryStore, before key: String?, startedBefore: Date? = nil)
        async throws -> StoredRun?
    {
        try await Self.previousRun(of: run.metadata, store: store, before: key, startedBefore: startedBefore)
    }

    /// `previousRun(for:)` of a run with `metadata`, whose `baseBranch` is the branch its request
    /// targets (`assemble` sets it to `targetBranch`; a stored run keeps it): `canopy report`
    /// passes a stored run's own.
    static func previousRun(
        of metadata: RunMetadata, store: any HistoryStore, before key: String?, startedBefore: Date? = nil
    ) async throws -> StoredRun? {
        if let target = metadata.baseBranch, target != metadata.branch,
            let found = try await store.previousRun(
                branch: target, before: key, excludingCommit: nil, startedBefore: startedBefore)
        {
            return found
        }
        guard let branch = metadata.branch else { return nil }
        return try await store.previousRun(
            branch: branch, before: key, excludingCommit: metadata.commit, startedBefore: startedBefore)
    }

    /// The baseline run (`chosen`, the run `--baseline` names, or without it `previousRun(for:)`),
    /// and the run compared with it.
    func baseline(
        for prepared: JudgedRun, store: any HistoryStore, stored: Bool, chosen: StoredRun?
    ) async throws -> (StoredRun?, BaselineComparison) {
        let runKey = prepared.metadata.runKey
        let current = prepared.snapshot
        var baselineRun: StoredRun?
        if baselineKey != nil {
            baselineRun = chosen
        } else {
            // A run not stored (`check`) is compared as `run` will compare it once stored: with the
            // latest run that started before it, not the latest run.
            baselineRun = try await Self.previousRun(
                of: prepared.metadata, store: store, before: stored ? runKey : nil,
                startedBefore: stored ? nil : prepared.metadata.startedAt)
            if baselineRun?.key == runKey { baselineRun = nil }
        }
        var snapshot: BaselineSnapshot?
        if let baselineRun { snapshot = try await self.snapshot(of: baselineRun, store: store) }
        return (baselineRun, BaselineComparer.compare(current, with: snapshot, slowdown: configuration.slowerTests))
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
            auditIssues: try await store.auditIssues(runKey: run.key),
            coverage: try await store.coverage(runKey: run.key))
    }
}
