import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// Eight writers, each with its own store handle (as eight CI processes would have), ingest 25
/// runs each into one store at once; every writer also races to ingest one shared run.
@Suite struct ConcurrentWriterTests {
    static let writers = 8
    static let runsPerWriter = 25
    static let testsPerRun = 20

    @Test(arguments: StoreKind.available)
    func eightWritersLoseNoRunAndDuplicateNone(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let setup = try await test.open()  // migrate once up front; writers open their own handles
        let results = try await withThrowingTaskGroup(of: [IngestResult].self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    let store = try await test.open()
                    var results: [IngestResult] = []
                    for index in 0..<Self.runsPerWriter {
                        let (run, digest) = RunFactory.bulk(
                            key: "w\(writer)-r\(index)", night: Double(index) + Double(writer) / 10,
                            count: Self.testsPerRun)
                        results.append(try await store.store(run, digest: digest))
                        if index == Self.runsPerWriter / 2 {
                            let (shared, sharedDigest) = RunFactory.bulk(
                                key: "shared", night: 0, count: Self.testsPerRun)
                            results.append(try await store.store(shared, digest: sharedDigest))
                        }
                    }
                    await store.close()
                    return results
                }
            }
            var all: [IngestResult] = []
            for try await results in group { all += results }
            return all
        }
        let expected = Self.writers * Self.runsPerWriter
        #expect(results.filter { $0 == .inserted }.count == expected + 1)
        #expect(results.filter { $0 == .alreadyStored }.count == Self.writers - 1)
        let runs = try await setup.runs(in: .all)
        #expect(runs.count == expected + 1)
        #expect(Set(runs.map(\.key)).count == expected + 1)
        #expect(runs.allSatisfy { $0.totals.tests == Self.testsPerRun })
        var rows = 0
        try await setup.forEachTestRun(in: .all, onlyTestsWithFailures: false) { _ in rows += 1 }
        #expect(rows == (expected + 1) * Self.testsPerRun)
        await setup.close()
        await test.remove()
    }
}
