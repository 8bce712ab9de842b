import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// `canopy prune`: deletes the runs `history.retention` no longer keeps (docs/history-and-flakiness.md#retention);
/// with `dryRun`, lists them and deletes nothing.
package struct PruneCommand {
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    package let context: CommandContext

    package init(options: HistoryOptions) throws {
        context = try CommandContext(options: options.runOptions)
    }

    /// What the command prints, text lines or one JSON document. A SQLite store that does not
    /// exist is a usage error (nothing is created); a dry run opens the store read-only.
    package func run(dryRun: Bool, format: Format) async throws -> String {
        let context = context
        let policy = context.retention.policy
        let now = context.options.now
        let (plan, result): (PrunePlan, PruneResult?)
        if dryRun {
            plan = try await context.history.withExistingStore { try await $0.planPrune(policy, now: now) }
            result = nil
        } else {
            if let path = context.history.missingSQLiteStore {
                throw PipelineError.usage(
                    "no history store at \(path) (from --store, CANOPY_STORE, store: in the config, or <out>/history.sqlite); nothing to prune"
                )
            }
            (plan, result) = try await context.history.withStore { store in
                let plan = try await store.planPrune(policy, now: now)
                return (plan, try await store.prune(plan))
            }
        }
        let store = context.storeLocation.redactedStore
        switch format {
        case .json:
            return try JSONOutput.encode(Document(store: store, policy: policy, plan: plan, result: result)) + "\n"
        case .text:
            guard let result else {
                var lines = [
                    "dry run: would prune \(Self.counts(plan)) from \(store); \(plan.protected) older run(s) kept because a reader needs them; shards never merged stored before \(Self.day(plan.shardsStoredBefore)) would go too"
                ]
                lines += plan.runs.map { "  \(Self.day($0.time))  \($0.branch ?? "(no branch)")  \($0.key)" }
                return lines.joined(separator: "\n") + "\n"
            }
            return "pruned \(store): " + Self.summary(plan: plan, result: result) + "\n"
        }
    }

    /// `N run(s): T of target branches, O of other branches`.
    static func counts(_ plan: PrunePlan) -> String {
        let target = plan.runs.filter(\.targetBranch).count
        return "\(plan.runs.count) run(s): \(target) of target branches, \(plan.runs.count - target) of other branches"
    }

    /// One line: what went, what was kept because a reader needs it, the space.
    static func summary(plan: PrunePlan, result: PruneResult) -> String {
        var text =
            "\(counts(plan)) deleted, \(plan.protected) older run(s) kept because a reader needs them, \(result.shardsDeleted) shard(s) never merged deleted"
        switch (result.bytesReturned, result.bytesReusable) {
        case (let returned?, let reusable?) where returned > 0 || reusable == 0:
            text += "; \(megabytes(returned)) returned to the file system"
        case (_, let reusable?):
            text +=
                "; \(megabytes(reusable)) free inside the file, reused by later runs (auto_vacuum is not INCREMENTAL)"
        default:
            text += "; autovacuum makes the space reusable"
        }
        return text
    }

    /// The line `run` and `ingest` log after their prune (`CommandContext.applyRetention`); nil
    /// when it was not configured or deleted nothing.
    static func line(for outcome: RetentionOutcome) -> String? {
        switch outcome {
        case .notConfigured:
            return nil
        case .pruned(let plan, let result):
            guard result.runsDeleted + result.shardsDeleted > 0 else { return nil }
            return "retention: " + summary(plan: plan, result: result)
        case .failed(let store, let error):
            return "warning: history.retention: pruning \(store) failed: \(error)"
        }
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// `--format json`.
    struct Document: Encodable {
        var store: String
        var dryRun: Bool
        var policy: Policy
        /// The runs deleted (or, in a dry run, that would be), oldest first.
        var runs: [PrunePlan.Run]
        var targetBranchRuns: Int
        var otherBranchRuns: Int
        var protectedRuns: Int
        var shardsDeleted: Int?
        var bytesReturned: Int?
        var bytesReusable: Int?

        struct Policy: Encodable {
            var days: Int
            var pullRequestDays: Int
            var targetBranch: String
            var windowDays: Int
            var windowRuns: Int
        }

        init(store: String, policy: RetentionPolicy, plan: PrunePlan, result: PruneResult?) {
            self.store = store
            dryRun = result == nil
            self.policy = Policy(
                days: policy.days, pullRequestDays: policy.pullRequestDays, targetBranch: policy.targetBranch,
                windowDays: policy.windowDays, windowRuns: policy.windowRuns)
            runs = plan.runs
            targetBranchRuns = plan.runs.filter(\.targetBranch).count
            otherBranchRuns = plan.runs.count - targetBranchRuns
            protectedRuns = plan.protected
            shardsDeleted = result?.shardsDeleted
            bytesReturned = result?.bytesReturned
            bytesReusable = result?.bytesReusable
        }
    }
}
