import CanopyHistory
import CanopyModel
import Foundation
import GRDB

/// `CanopyBench prune …`: retention figures, and the prune the kill test drives.
///
/// - `prune run DB KEEP BATCH`: prunes every run of DB (a path or postgres:// URL) but the latest
///   KEEP of main, BATCH runs per transaction, printing `plan N` first and `pruned N` after each batch.
/// - `prune bench [--runs 1000] [--tests 5000] [--prune 300] [--incremental yes]`: stores RUNS
///   synthetic nightly runs of TESTS tests in a new SQLite store (made with `auto_vacuum =
///   INCREMENTAL` unless `--incremental no`), then times pruning the oldest PRUNE of them.
enum PruneBench {
    static func run(_ arguments: [String]) throws {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "run": try StoreBench.blocking { try await prune(rest) }
        case "bench": try StoreBench.blocking { try await bench(rest) }
        default: throw BenchError.usage("prune run DB KEEP BATCH | prune bench [--runs N] [--tests N] [--prune N]")
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

    static func bench(_ arguments: [String]) async throws {
        var options: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            options[arguments[index].replacingOccurrences(of: "--", with: "")] = arguments[index + 1]
            index += 2
        }
        let runs = Int(options["runs"] ?? "") ?? 1_000
        let tests = Int(options["tests"] ?? "") ?? 5_000
        let pruned = min(runs, Int(options["prune"] ?? "") ?? 300)
        let directory = NSTemporaryDirectory() + "canopy-prune-bench-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if options["incremental"] != "no" {
            // auto_vacuum is set before the first table, as SQLite requires.
            let queue = try DatabaseQueue(path: path)
            try await queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                try db.execute(sql: "CREATE TABLE seed (x)")
                try db.execute(sql: "DROP TABLE seed")
            }
            try queue.close()
        }
        var store: any HistoryStore = try await HistoryStores.open(path)
        var started = Date()
        for night in 0..<runs {
            let (run, digest) = SyntheticHistory.run(key: "p-\(night)", night: night, tests: tests, failing: 0.02)
            _ = try await store.store(run, digest: digest)
        }
        await store.close()
        StoreBench.say("prune.populate.seconds: \(StoreBench.seconds(since: started))  runs: \(runs)  tests: \(tests)")
        StoreBench.say("prune.file.bytes.before: \(fileBytes(path))")
        store = try await HistoryStores.open(path)
        started = Date()
        let plan = try await store.planPrune(policy(keep: runs - pruned), now: Date())
        let deleted = LastBatch()
        let result = try await store.prune(plan, batchSize: 50, afterBatch: { _ in deleted.mark() })
        StoreBench.say(
            "prune.seconds: \(StoreBench.seconds(since: started))  deletes: \(String(format: "%.3f", deleted.at.timeIntervalSince(started)))  runs: \(result.runsDeleted) of \(runs)  returned: \(result.bytesReturned ?? 0) bytes  reusable: \(result.bytesReusable ?? 0) bytes"
        )
        await store.close()
        StoreBench.say("prune.file.bytes.after: \(fileBytes(path))")
    }

    static func fileBytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

/// When the last delete batch ended (the rest of a prune is the vacuum).
final class LastBatch: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date()
    var at: Date { lock.withLock { time } }
    func mark() { lock.withLock { time = Date() } }
}
