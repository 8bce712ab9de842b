import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// The failing-tests stream binds the failing test keys in batches: more failing tests than one
/// batch still stream whole, each test's rows together and in run order.
@Suite struct FailingTestsStreamTests {
    @Test(arguments: StoreKind.available)
    func failingTestsBeyondOneBatchStreamWholeAndGrouped(_ kind: StoreKind) async throws {
        let failing = HistoryQueries.keysPerStatement + 37
        try await TestStore.make(kind).with { store async throws in
            for night in 0..<2 {
                let tests = (0..<(failing + 10)).map { index in
                    RunFactory.ScriptedTest(
                        className: "Batch", name: "test\(index)",
                        outcomes: index < failing && night == 0 ? [.failed, .passed] : [.passed])
                }
                let (run, digest) = RunFactory.run(
                    key: "b\(night)", commit: "c\(night)", night: Double(night), tests: tests)
                _ = try await store.store(run, digest: digest)
            }
            var rows: [TestRunRow] = []
            try await store.forEachTestRun(in: .all, onlyTestsWithFailures: true) { rows.append($0) }
            #expect(rows.count == failing * 2)
            #expect(Set(rows.map(\.testKey)).count == failing)
            #expect(!rows.contains { $0.testKey.contains("test\(failing + 1)@") })
            // Each test's rows are contiguous (b0 then b1), so the accumulator sees each test once.
            for (first, second) in zip(rows, rows.dropFirst()) where first.testKey == second.testKey {
                #expect(first.runKey == "b0" && second.runKey == "b1")
            }
            #expect(
                Set(rows.map(\.testKey)).count
                    == Set(zip(rows, rows.dropFirst()).filter { $0.testKey == $1.testKey }.map(\.0.testKey)).count)
        }
    }
}
