import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// `HistoryPruning` on both stores: the dry-run plan is exactly what prune deletes, every row of a
/// pruned run goes with it, stale shards go, the space comes back on SQLite, a reader refuses.
@Suite struct PruneStoreTests {
    /// 100 nights after `RunFactory.epoch`.
    static let now = RunFactory.epoch.addingTimeInterval(100 * 86_400)
    /// main kept 60 days, other branches 20; a 10-day flakiness window, 2 window runs.
    static let policy = RetentionPolicy(
        days: 60, pullRequestDays: 20, targetBranch: "main", windowDays: 10, windowRuns: 2)
    static let testsPerRun = 4

    /// One run: three passing tests and a failing one, with an audit issue and coverage.
    static func run(_ key: String, branch: String, night: Double) -> (Run, RunDigest) {
        var tests = (0..<(testsPerRun - 1)).map {
            RunFactory.ScriptedTest(className: "Pay", name: "test\($0)", outcomes: [.passed])
        }
        tests.append(
            RunFactory.ScriptedTest(className: "Pay", name: "testFails", outcomes: [.failed], identifier: "pay"))
        return RunFactory.run(
            key: key, commit: "c-\(key)", branch: branch, night: night, tests: tests,
            auditIssues: [RunFactory.issue("contrast", "pay")],
            coverage: [CoverageFigure(scope: .overall, name: "", interactive: 4, identified: 3)])
    }

    /// main every 10 nights (m0 … m9), a feature branch on nights 50, 60, 70 and 95.
    static let history: [(key: String, branch: String, night: Double)] =
        (0..<10).map { ("m\($0)", "main", Double($0 * 10)) }
        + [50, 60, 70, 95].map {
            ("f\(Int($0))", "feature/pay", $0)
        }
    /// main past 60 days (m0…m3) and the feature branch's runs past 20 days that are not its
    /// baselines (f95 is its latest, f70 the latest of another commit).
    static let expected = ["m0", "m1", "m2", "m3", "f50", "f60"]

    static func populate(_ store: any HistoryStore) async throws {
        for entry in history {
            let (run, digest) = Self.run(entry.key, branch: entry.branch, night: entry.night)
            #expect(try await store.store(run, digest: digest) == .inserted)
        }
    }

    @Test(arguments: StoreKind.available)
    func theDryRunListsExactlyWhatPruneDeletes(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store in
            try await Self.populate(store)
            _ = try await store.storeShard(
                StoredShard(runKey: "stale", name: "1", tests: 1, storedAt: Self.now.addingTimeInterval(-21 * 86_400)))
            _ = try await store.storeShard(
                StoredShard(runKey: "fresh", name: "1", tests: 1, storedAt: Self.now.addingTimeInterval(-86_400)))
            let plan = try await store.planPrune(Self.policy, now: Self.now)
            #expect(plan.runs.map(\.key) == Self.expected)
            #expect(plan.runs.map(\.branch) == Array(repeating: "main", count: 4) + ["feature/pay", "feature/pay"])
            #expect(plan.protected == 1)

            let batches = Counter()
            let result = try await store.prune(plan, batchSize: 4, afterBatch: { _ in batches.add() })
            #expect(result.runsDeleted == Self.expected.count)
            #expect(result.shardsDeleted == 1)
            #expect(batches.value == 2)
            let kept = try await store.runs(in: .all).map(\.key)
            #expect(Set(kept) == Set(Self.history.map(\.key)).subtracting(Self.expected))
            for key in Self.expected {
                #expect(try await store.run(key: key) == nil)
                #expect(try await store.testRuns(runKey: key).isEmpty)
                #expect(try await store.failures(runKey: key).isEmpty)
                #expect(try await store.auditIssues(runKey: key).isEmpty)
                #expect(try await store.coverage(runKey: key).isEmpty)
            }
            var failures: Set<String> = []
            try await store.forEachFailure(in: .all) { failures.insert($0.runKey) }
            #expect(failures == Set(kept))
            for key in kept { #expect(try await store.testRuns(runKey: key).count == Self.testsPerRun) }
            #expect(try await store.shards(runKey: "stale", payloads: false).isEmpty)
            #expect(try await store.shards(runKey: "fresh", payloads: false).count == 1)
            // Once pruned, the same policy finds nothing more to delete.
            #expect(try await store.planPrune(Self.policy, now: Self.now).runs.isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func aReadOnlyStoreRefusesToPrune(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let writer = try await test.open()
        try await Self.populate(writer)
        let plan = try await writer.planPrune(Self.policy, now: Self.now)
        await writer.close()
        let reader = try await HistoryStores.open(test.location, readOnly: true)
        #expect(try await reader.planPrune(Self.policy, now: Self.now) == plan)
        await #expect(throws: HistoryError.self) { try await reader.prune(plan) }
        #expect(try await reader.runs(in: .all).count == Self.history.count)
        await reader.close()
        await test.remove()
    }

    /// A store made with `auto_vacuum = INCREMENTAL` (before its first table, as SQLite requires).
    static func incrementalStore(at path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "CREATE TABLE seed (x)")
            try db.execute(sql: "DROP TABLE seed")
        }
        try queue.close()
    }

    /// A store whose `auto_vacuum` is NONE, as stores written before schema 9 were while another
    /// process kept migration 9 from rewriting the file: created, then switched back by a VACUUM.
    static func storeWithoutAutoVacuum(at path: String) async throws {
        await (try SQLiteHistoryStore(path: path)).close()
        let queue = try DatabaseQueue(path: path)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA auto_vacuum = NONE")
            try db.execute(sql: "VACUUM")
        }
        try queue.close()
    }

    @Test(arguments: [true, false])
    func sqliteGivesTheSpaceBackOnlyWithIncrementalVacuum(_ incremental: Bool) async throws {
        let directory = NSTemporaryDirectory() + "canopy-prune-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        if incremental { try Self.incrementalStore(at: path) } else { try await Self.storeWithoutAutoVacuum(at: path) }
        let store = try SQLiteHistoryStore(path: path)
        #expect(try store.pragma("auto_vacuum") == (incremental ? "2" : "0"))
        for night in 0..<20 {
            let (run, digest) = RunFactory.bulk(key: "n\(night)", night: Double(night), count: 2_000)
            _ = try await store.store(run, digest: digest)
        }
        let pages = try #require(Int(try store.pragma("page_count") ?? ""))
        let plan = try await store.planPrune(Self.policy, now: Self.now)
        #expect(plan.runs.count == 18)
        let result = try await store.prune(plan)
        let after = try #require(Int(try store.pragma("page_count") ?? ""))
        let pageSize = try #require(Int(try store.pragma("page_size") ?? ""))
        #expect(result.bytesReturned == (pages - after) * pageSize)
        if incremental {
            // The 2,000 test names stay (they are stored once, whatever the runs).
            #expect(after < pages / 2, "\(pages) pages before, \(after) after")
            #expect(try store.pragma("freelist_count") == "0")
            #expect(result.bytesReusable == 0)
        } else {
            #expect(after == pages)
            #expect((result.bytesReusable ?? 0) > (pages / 2) * pageSize)
        }
        #expect(try store.integrityCheck() == "ok")
        await store.close()
    }
}
