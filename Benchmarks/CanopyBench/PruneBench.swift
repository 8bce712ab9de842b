import CanopyHistory
import CanopyModel
import Foundation

/// `CanopyBench prune run DB KEEP BATCH`: the prune the kill test drives. Prunes every run of DB
/// (a path or postgres:// URL) but the latest KEEP of main, BATCH runs per transaction, printing
/// `plan N` first and `pruned N` after each batch. `make bench` times `canopy prune` itself
/// (`bench/history-scale.sh`).
enum PruneBench {
    static func run(_ arguments: [String]) throws {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "run": try StoreBench.blocking { try await prune(rest) }
        default: throw BenchError.usage("prune run DB KEEP BATCH")
        }
    }

    /// Every run past one day on any branch goes, but the latest `keep` of main.
    static func policy(keep: Int) -> RetentionPolicy {
        RetentionPolicy(days: 1, pullRequestDays: 1, targetBranch: "main", windowDays: 1, windowRuns: keep)
    }

    static func prune(_ arguments: [String]) async throws {
        guard arguments.count == 3, let keep = Int(arguments[1]), let batch = Int(arguments[2]) else {
            throw BenchError.usage("prune run DB KEEP BATCH")
        }
        let store = try await HistoryStores.open(arguments[0])
        let plan = try await store.planPrune(policy(keep: keep), now: Date())
        StoreBench.say("plan \(plan.runs.count)")
        let result = try await store.prune(plan, batchSize: batch, afterBatch: { StoreBench.say("pruned \($0)") })
        StoreBench.say("done \(result.runsDeleted)")
        await store.close()
    }
}
