import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// `beginStore` … `finish`, as `canopy run` stores: the same stored run as `store`, nothing at all
/// after `cancel`, and the store free again for other writers afterwards.
@Suite struct PendingStoreTests {
    /// A run with infrastructure failures (their counts are filled in at `finish`), audits,
    /// coverage and identifier nodes.
    static func run(key: String) -> (Run, RunDigest) {
        let scripted = (0..<150).map { index in
            RunFactory.ScriptedTest(
                className: "Staged\(index % 5)", name: "test\(index)()", outcomes: index % 3 == 0 ? [.failed, .passed] : [.passed],
                infrastructure: index % 9 == 0, identifier: "Screen.Element\(index % 11)")
        }
        return RunFactory.run(
            key: key, commit: "c1", night: 2, tests: scripted, auditIssues: [RunFactory.issue("contrast", "Screen.Element1")],
            coverage: [CoverageFigure(scope: .overall, name: "", interactive: 20, identified: 15)],
            nodes: [IdentifierNodeDigest(path: "Screen.Element1", tests: 3, failures: 2, flakyTests: 1, auditIssues: 1)])
    }

    /// Everything stored for the run under `key`.
    struct Stored: Equatable {
        var run: StoredRun?
        var tests: [TestRunRow]
        var failures: [FailureRow]
        var audits: [AuditIssue]
        var coverage: [CoverageFigure]
        var nodes: [IdentifierNodeDigest]

        init(_ store: any HistoryStore, key: String) async throws {
            run = try await store.run(key: key)
            tests = try await store.testRuns(runKey: key)
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: .all) { if $0.runKey == key { failures.append($0) } }
            self.failures = failures
            audits = try await store.auditIssues(runKey: key)
            coverage = try await store.coverage(runKey: key)
            nodes = try await store.identifierNodes(runKey: key)
        }
    }

    @Test(arguments: StoreKind.available)
    func aStagedRunIsStoredAsAWholeOneIs(_ kind: StoreKind) async throws {
        let (run, digest) = Self.run(key: "staged-1")
        let whole = try await TestStore.make(kind).with { store async throws in
            #expect(try await store.store(run, digest: digest) == .inserted)
            return try await Stored(store, key: "staged-1")
        }
        let staged = try await TestStore.make(kind).with { store async throws in
            let pending = store.beginStore(run, testRows: { TestRunRow.rows(for: run) })
            try await Task.sleep(nanoseconds: 50_000_000)  // the run's own rows are written meanwhile
            #expect(try await store.run(key: "staged-1") == nil, "nothing is visible before the commit")
            #expect(try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest)) == .inserted)
            await pending.cancel()  // after finish: nothing happens
            return try await Stored(store, key: "staged-1")
        }
        #expect(staged == whole)
        #expect(staged.tests.contains { $0.infrastructureFailedAttempts > 0 })
        #expect(!staged.failures.isEmpty && !staged.audits.isEmpty && !staged.coverage.isEmpty && !staged.nodes.isEmpty)
        #expect(staged.tests.count == run.tests.count)
    }

    @Test(arguments: StoreKind.available)
    func aCancelledRunLeavesNothingAndTheStoreWritable(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.run(key: "cancelled-1")
            let pending = store.beginStore(run, testRows: { TestRunRow.rows(for: run) })
            try await Task.sleep(nanoseconds: 50_000_000)
            await pending.cancel()
            #expect(try await store.run(key: "cancelled-1") == nil)
            #expect(try await store.testRuns(runKey: "cancelled-1").isEmpty)
            await #expect(throws: (any Error).self) { try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest)) }
            // The writer is free: the same run stores whole, and a dropped pending run releases it too.
            var dropped: (any PendingStore)? = store.beginStore(Self.run(key: "dropped-1").0, testRows: { TestRunRow.rows(for: run) })
            try await Task.sleep(nanoseconds: 50_000_000)
            dropped = nil
            _ = dropped
            #expect(try await store.store(run, digest: digest) == .inserted)
            #expect(try await store.run(key: "dropped-1") == nil)
            #expect(try await store.testRuns(runKey: "cancelled-1").count == run.tests.count)
        }
    }

    @Test(arguments: StoreKind.available)
    func aStagedRunAlreadyStoredChangesNothing(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.run(key: "twice-1")
            #expect(try await store.store(run, digest: digest) == .inserted)
            let before = try await Stored(store, key: "twice-1")
            let pending = store.beginStore(run, testRows: { TestRunRow.rows(for: run) })
            #expect(try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest)) == .alreadyStored)
            #expect(try await Stored(store, key: "twice-1") == before)
        }
    }

    @Test(arguments: StoreKind.available)
    func anotherWriterWaitsForTheStagedRun(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let store = try await test.open()
        let other = try await test.open()
        let (run, digest) = Self.run(key: "first-1")
        let (second, secondDigest) = Self.run(key: "second-1")
        let pending = store.beginStore(run, testRows: { TestRunRow.rows(for: run) })
        try await Task.sleep(nanoseconds: 50_000_000)
        async let otherResult = other.store(second, digest: secondDigest)
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest)) == .inserted)
        #expect(try await otherResult == .inserted)
        #expect(try await store.runs(in: .all).map(\.key).sorted() == ["first-1", "second-1"])
        await other.close()
        await store.close()
        await test.remove()
    }
}
