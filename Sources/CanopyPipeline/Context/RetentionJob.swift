import CanopyAnalysis
import CanopyConfig
import CanopyHistory
import Foundation

/// Retention (`history.retention:`, docs/history-and-flakiness.md#retention): the policy `canopy prune`
/// applies, and the prune `run` and `ingest` make after storing their run when it is configured.
/// A value of the configuration and the clock (`CommandContext.retention`).
struct RetentionJob: Sendable {
    var configuration: CanopyConfiguration
    /// The clock retention's days count back from.
    var now: Date
    /// Where the store is (redacted in a failure).
    var storeLocation: String

    /// `history.retention` (its defaults when not configured) with the windows readers need: the
    /// flakiness window's days (quarantine reads history only through it), and the latest
    /// `max(flakiness.windowRuns, trend's default --runs)` runs of the target branch.
    var policy: RetentionPolicy {
        let retention = configuration.retention ?? RetentionConfiguration()
        return RetentionPolicy(
            days: retention.days, pullRequestDays: retention.pullRequestDays, targetBranch: retention.targetBranch,
            windowDays: configuration.flakiness.windowDays,
            windowRuns: max(configuration.flakiness.windowRuns ?? 0, HistoryWindow.trendDefaultRuns))
    }

    /// The oldest runs `run` and `ingest` prune at most, so that the first job after retention is
    /// turned on on a large store is not held up: the next jobs prune the rest (`canopy prune`
    /// prunes everything at once).
    static let runsPrunedPerJob = 200

    /// Prunes `store` when `history.retention` is configured: what went, or why nothing could go
    /// (a failure is not thrown: the run is stored, and the next one prunes again). The caller
    /// says it (`PruneCommand.line(for:)`).
    func apply(in store: any HistoryStore) async -> RetentionOutcome {
        guard configuration.retention != nil else { return .notConfigured }
        do {
            var plan = try await store.planPrune(policy, now: now)
            plan.runs = Array(plan.runs.prefix(Self.runsPrunedPerJob))
            return .pruned(plan: plan, result: try await store.prune(plan))
        } catch {
            return .failed(store: storeLocation.redactedStore, error: error)
        }
    }
}

/// What the prune `run` and `ingest` make after storing their run did.
enum RetentionOutcome {
    /// `history.retention` is not configured.
    case notConfigured
    /// The plan it applied and what that deleted (possibly nothing).
    case pruned(plan: PrunePlan, result: PruneResult)
    /// Pruning the store (redacted) failed with `error`.
    case failed(store: String, error: any Error)
}
