import CanopyAnalysis
import CanopyConfig
import CanopyHistory
import Foundation

/// Retention (`history.retention:`, docs/history-and-flakiness.md#retention): the policy `canopy prune`
/// applies, and the prune `run` and `ingest` make after storing their run when it is configured.
extension CommandContext {
    /// `history.retention` (its defaults when not configured) with the windows readers need: the
    /// flakiness window's days (quarantine reads history only through it), and the latest
    /// `max(flakiness.windowRuns, trend's default --runs)` runs of the target branch.
    var retentionPolicy: RetentionPolicy {
        let retention = configuration.retention ?? RetentionConfiguration()
        return RetentionPolicy(
            days: retention.days, pullRequestDays: retention.pullRequestDays, targetBranch: retention.targetBranch,
            windowDays: configuration.flakiness.windowDays,
            windowRuns: max(configuration.flakiness.windowRuns ?? 0, TrendCommand.defaultRuns))
    }

    /// The oldest runs `run` and `ingest` prune at most, so that the first job after retention is
    /// turned on on a large store is not held up: the next jobs prune the rest (`canopy prune`
    /// prunes everything at once).
    static let runsPrunedPerJob = 200

    /// Prunes `store` when `history.retention` is configured, saying what went on standard error;
    /// a failure is a warning: the run is stored, and the next one prunes again.
    func applyRetention(in store: any HistoryStore) async {
        guard configuration.retention != nil else { return }
        do {
            var plan = try await store.planPrune(retentionPolicy, now: options.now)
            plan.runs = Array(plan.runs.prefix(Self.runsPrunedPerJob))
            let result = try await store.prune(plan)
            if result.runsDeleted + result.shardsDeleted > 0 {
                progress.log("retention: " + PruneCommand.summary(plan: plan, result: result))
            }
        } catch {
            progress.log("warning: history.retention: pruning \(storeLocation.redactedStore) failed: \(error)")
        }
    }
}
