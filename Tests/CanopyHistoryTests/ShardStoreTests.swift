import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// The shards side of both stores (`HistoryShards`): a leg's part stored, replaced when sent
/// again, listed in name order with or without payloads, refused once the run is stored, deleted;
/// a merge's store (`beginStore(_:merging:)`) and a leg sent meanwhile, each on its own handle as
/// two processes would be.
@Suite("shards in the store")
struct ShardStoreTests {
    static func shard(_ name: String, run: String = "r1", tests: Int = 3, payload: String = "{}") -> StoredShard {
        StoredShard(
            runKey: run, name: name, tests: tests, storedAt: RunFactory.epoch.addingTimeInterval(Double(tests)),
            payload: payload)
    }

    @Test(arguments: StoreKind.available)
    func storeReplaceListDelete(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { (store: any HistoryStore) async throws in
            #expect(try await store.storeShard(Self.shard("2", payload: "two")) == .stored)
            #expect(try await store.storeShard(Self.shard("1", payload: "one")) == .stored)
            #expect(try await store.storeShard(Self.shard("1", run: "other")) == .stored)
            // Sent again: the new one takes the old one's place.
            #expect(try await store.storeShard(Self.shard("2", tests: 5, payload: "two again")) == .replaced)
            let listed = try await store.shards(runKey: "r1", payloads: false)
            #expect(listed.map(\.name) == ["1", "2"])
            #expect(listed.map(\.tests) == [3, 5])
            #expect(listed.allSatisfy { $0.payload == nil })
            #expect(listed.last?.storedAt == RunFactory.epoch.addingTimeInterval(5))
            let full = try await store.shards(runKey: "r1", payloads: true)
            #expect(full.map(\.payload) == ["one", "two again"])
            try await store.deleteShards(runKey: "r1")
            #expect(try await store.shards(runKey: "r1", payloads: false).isEmpty)
            #expect(try await store.shards(runKey: "other", payloads: false).map(\.name) == ["1"], "another run's stay")
        }
    }

    @Test(arguments: StoreKind.available)
    func aShardOfAStoredRunIsNotKept(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { (store: any HistoryStore) async throws in
            let (run, digest) = RunFactory.run(
                key: "r1", commit: "c1", night: 1, tests: [.init(className: "A", name: "t", outcomes: [.passed])])
            #expect(try await store.store(run, digest: digest) == .inserted)
            #expect(try await store.storeShard(Self.shard("1")) == .runAlreadyStored)
            #expect(try await store.shards(runKey: "r1", payloads: false).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentLegsEachKeepTheirShard(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        // The store exists before the legs race; each leg opens its own handle, as processes do.
        let first = try await test.open()
        await first.close()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for leg in 1...12 {
                group.addTask {
                    let store = try await HistoryStores.open(test.location)
                    let payload = String(repeating: "leg \(leg) ", count: 20_000)
                    _ = try await store.storeShard(Self.shard("\(leg)", tests: leg, payload: payload))
                    await store.close()
                }
            }
            try await group.waitForAll()
        }
        try await test.with { store in
            let shards = try await store.shards(runKey: "r1", payloads: true)
            #expect(shards.count == 12)
            for shard in shards {
                #expect(shard.payload == String(repeating: "leg \(shard.name) ", count: 20_000))
                #expect(shard.tests == Int(shard.name))
            }
        }
    }

    /// A merged run of two legs and the legs as the merge read them.
    static func merged(_ key: String) -> (Run, RunDigest) {
        RunFactory.run(
            key: key, commit: "c1", night: 1,
            tests: [
                .init(className: "A", name: "t1", outcomes: [.passed]),
                .init(className: "B", name: "t2", outcomes: [.passed]),
            ])
    }

    @Test("a leg sent again after the merge read the legs: the merge stores nothing", arguments: StoreKind.available)
    func aLegSentAfterTheReadMakesTheMergeConflict(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        try await test.with { store in
            #expect(try await store.storeShard(Self.shard("1", payload: "one")) == .stored)
            #expect(try await store.storeShard(Self.shard("2", payload: "two")) == .stored)
            let read = try await store.shards(runKey: "r1", payloads: true)
            // Another process sends leg 2 again between the merge's read and its transaction.
            let leg = try await test.open()
            #expect(try await leg.storeShard(Self.shard("2", tests: 4, payload: "two again")) == .replaced)
            await leg.close()
            let (run, digest) = Self.merged("r1")
            let pending = store.beginStore(run, merging: read)
            await #expect(throws: ShardMergeConflict(runKey: "r1", legs: ["2"])) {
                try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
            }
            #expect(try await store.run(key: "r1") == nil, "nothing of the run is stored")
            #expect(try await store.shards(runKey: "r1", payloads: true).map(\.payload) == ["one", "two again"])
            // Read again, the legs merge; they stay until the merge deletes them.
            let again = try await store.shards(runKey: "r1", payloads: true)
            let retried = store.beginStore(run, merging: again)
            #expect(
                try await retried.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
                    == .inserted)
            #expect(try await store.shards(runKey: "r1", payloads: false).count == 2)
        }
    }

    @Test(
        "a leg sent while the merge's transaction is open waits, then is refused",
        arguments: StoreKind.available)
    func aLegSentDuringTheMergeWaitsAndIsRefused(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        try await test.with { store in
            #expect(try await store.storeShard(Self.shard("1", payload: "one")) == .stored)
            let read = try await store.shards(runKey: "r1", payloads: true)
            let (run, digest) = Self.merged("r1")
            // The leg's process has its store open (SQLite: opening waits for no writer).
            let leg = try await test.open()
            // The merge's transaction holds the run key's lock until `finish` commits.
            let pending = store.beginStore(run, merging: read)
            try await Task.sleep(nanoseconds: 500_000_000)
            let done = Handoff<StoredShard.StoreResult>()
            let sending = Task {
                let result = try await leg.storeShard(Self.shard("1", tests: 4, payload: "one again"))
                done.put(result)
                return result
            }
            try await Task.sleep(nanoseconds: 700_000_000)
            let waited = !done.isPut
            do {
                #expect(
                    try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
                        == .inserted)
                #expect(waited, "the leg waits for the merge's transaction")
                #expect(try await sending.value == .runAlreadyStored, "the leg sees the merged run")
                #expect(
                    try await store.shards(runKey: "r1", payloads: true).map(\.payload) == ["one"], "the merged leg")
            } catch let conflict as ShardMergeConflict {
                // On a loaded machine the leg's transaction may commit before the merge's takes the
                // run key's lock: then the merge stores nothing and names the leg, never a mix.
                #expect(conflict.legs == ["1"])
                #expect(try await sending.value == .replaced)
                #expect(try await store.shards(runKey: "r1", payloads: true).map(\.payload) == ["one again"])
            }
            await leg.close()
        }
    }
}
