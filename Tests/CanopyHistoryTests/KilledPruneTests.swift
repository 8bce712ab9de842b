import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

#if canImport(Glibc)
    import Glibc
#endif

/// A child process (`CanopyBench prune run`) is killed with SIGKILL while it prunes; the store must
/// open afterwards with every run whole or gone, and a prune again must finish the work.
@Suite struct KilledPruneTests {
    static let runs = 60
    static let tests = 2_000
    static let keep = 5

    @Test(arguments: StoreKind.available)
    func aKilledPruneLeavesEveryRunWholeOrGone(_ kind: StoreKind) async throws {
        let binary = try #require(
            KilledIngestTests.bench, "CanopyBench is not built next to the tests: run swift build --build-tests")
        let test = try await TestStore.make(kind)
        let setup = try await test.open()
        for night in 0..<Self.runs {
            let (run, digest) = RunFactory.bulk(key: "n\(night)", night: Double(night), count: Self.tests)
            _ = try await setup.store(run, digest: digest)
        }
        await setup.close()

        let (child, lines) = try KilledIngestTests.start(binary, ["prune", "run", test.location, "\(Self.keep)", "1"])
        let deadline = Date().addingTimeInterval(240)
        // A blocking wait, as KilledIngestTests explains; the kill lands in a later batch's delete.
        KilledIngestTests.block(until: { lines.all.contains("pruned 3\n") || !child.isRunning || Date() >= deadline })
        #expect(child.isRunning, "the child finished or failed before it could be killed: \(lines.all)")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let prunedBeforeKill = lines.all.components(separatedBy: "\n").filter { $0.hasPrefix("pruned") }.count

        let store = try await test.open()
        let left = try await store.runs(in: .all)
        #expect(left.count <= Self.runs - prunedBeforeKill)
        #expect(left.count >= Self.keep)
        #expect(!lines.all.contains("done"), "\(lines.all)")
        var rows: [String: Int] = [:]
        try await store.forEachTestRun(in: .all, onlyTestsWithFailures: false) { rows[$0.runKey, default: 0] += 1 }
        #expect(Set(rows.keys) == Set(left.map(\.key)))
        for run in left {
            #expect(run.totals.tests == Self.tests)
            #expect(rows[run.key] == Self.tests, "partial run \(run.key)")
        }
        if let sqlite = store as? SQLiteHistoryStore {
            #expect(try sqlite.integrityCheck() == "ok")
            #expect(try sqlite.partialRuns().isEmpty)
            // No child row outlives its run, whatever the tables are.
            #expect(try sqlite.readerPragma("foreign_key_check") == nil)
        }

        // Pruning again finishes the work.
        let plan = try await store.planPrune(
            RetentionPolicy(days: 1, pullRequestDays: 1, targetBranch: "main", windowDays: 1, windowRuns: Self.keep),
            now: Date())
        #expect(plan.runs.count == left.count - Self.keep)
        #expect(try await store.prune(plan).runsDeleted == plan.runs.count)
        #expect(try await store.runs(in: .all).map(\.key) == (Self.runs - Self.keep..<Self.runs).map { "n\($0)" })
        await store.close()
        await test.remove()
    }
}
