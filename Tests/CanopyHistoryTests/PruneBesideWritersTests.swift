import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// Four writers, each with its own store handle, store runs while a fifth handle prunes one run
/// per transaction: no writer fails, every new run is stored whole, every planned run is gone.
@Suite struct PruneBesideWritersTests {
    static let oldRuns = 30
    static let writers = 4
    static let runsPerWriter = 10
    static let testsPerRun = 500

    @Test(arguments: StoreKind.available)
    func writersAndAPruneInterleave(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let setup = try await test.open()
        for night in 0..<Self.oldRuns {
            let (run, digest) = RunFactory.bulk(key: "old\(night)", night: Double(night), count: Self.testsPerRun)
            _ = try await setup.store(run, digest: digest)
        }
        let policy = RetentionPolicy(days: 30, pullRequestDays: 30, targetBranch: "main", windowDays: 1, windowRuns: 2)
        let plan = try await setup.planPrune(policy, now: RunFactory.epoch.addingTimeInterval(100 * 86_400))
        #expect(plan.runs.count == Self.oldRuns - 2)

        let (results, pruned) = try await withThrowingTaskGroup(of: [IngestResult].self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    let store = try await test.open()
                    var results: [IngestResult] = []
                    for index in 0..<Self.runsPerWriter {
                        let (run, digest) = RunFactory.bulk(
                            key: "w\(writer)-\(index)", night: 100 + Double(index) + Double(writer) / 10,
                            count: Self.testsPerRun, branch: writer % 2 == 0 ? "main" : "feature/\(writer)")
                        results.append(try await store.store(run, digest: digest))
                    }
                    await store.close()
                    return results
                }
            }
            let pruner = try await test.open()
            let result = try await pruner.prune(plan, batchSize: 1, afterBatch: { _ in })
            await pruner.close()
            var all: [IngestResult] = []
            for try await results in group { all += results }
            return (all, result)
        }
        #expect(results == Array(repeating: .inserted, count: Self.writers * Self.runsPerWriter))
        #expect(pruned.runsDeleted == plan.runs.count)
        let left = try await setup.runs(in: .all)
        let expected = Set(
            (0..<Self.writers).flatMap { writer in (0..<Self.runsPerWriter).map { "w\(writer)-\($0)" } } + [
                "old\(Self.oldRuns - 2)", "old\(Self.oldRuns - 1)",
            ])
        #expect(Set(left.map(\.key)) == expected)
        var rows = 0
        try await setup.forEachTestRun(in: .all, onlyTestsWithFailures: false) { _ in rows += 1 }
        #expect(rows == expected.count * Self.testsPerRun)
        await setup.close()
        await test.remove()
    }
}
