import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// Migration 9 (compact results) keeps what every reader returns: `Fixtures/readers-schema8.json`
/// is what every reader returns for `ReaderDump.history()`, stored by this build or by schema 8's
/// code and migrated (the figures migration 12 recounts as failed tests included).
@Suite struct CompactStoreMigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/readers-schema8.json")

    static func expectSchema8Reading(_ store: any HistoryStore) async throws {
        let dump = try await ReaderDump.dump(store)
        let expected = try String(contentsOf: fixture, encoding: .utf8)
        #expect(dump == expected)
    }

    @Test(arguments: StoreKind.available)
    func aStoreWrittenInTheCompactLayoutReadsAsSchema8Did(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            for (run, digest) in ReaderDump.history() { _ = try await store.store(run, digest: digest) }
            try await Self.expectSchema8Reading(store)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSchema8StoreMovesInPlaceAndReadsTheSame(_ kind: StoreKind) async throws {
        let history = ReaderDump.history()
        let test = try await Schema8Store.make(kind, runs: history)
        defer { Task { await test.remove() } }
        let store = try await test.open()
        #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        try await Self.expectSchema8Reading(store)

        // Every result moved; each key is stored once; only tests that ran more than once keep
        // attempt rows; every failure moved with its strings.
        let tests = history.flatMap(\.0.tests)
        let keys = Set(tests.map(\.identity.key))
        #expect(try await Version4Store.count("SELECT COUNT(*) FROM tests", in: store) == tests.count)
        #expect(try await Version4Store.count("SELECT COUNT(*) FROM test_names", in: store) == keys.count)
        #expect(
            try await Version4Store.count("SELECT COUNT(*) FROM attempts", in: store)
                == tests.filter { $0.attempts.count > 1 }.map(\.attempts.count).reduce(0, +))
        #expect(
            try await Version4Store.count("SELECT COUNT(*) FROM failures", in: store)
                == history.map(\.1.failures.count).reduce(0, +))

        // A run stored after the move is read like the ones moved.
        let (next, digest) = HistoryStoreTests.sampleRun(key: "after-move", night: 9)
        #expect(try await store.store(next, digest: digest) == .inserted)
        #expect(try await store.testRuns(runKey: "after-move").count == next.tests.count)
        await store.close()
    }

    /// A new SQLite store, and one moved by migration 9, return pages freed by pruning to the file
    /// system (incremental auto-vacuum) rather than only reusing them.
    @Test func sqliteStoresAreInIncrementalAutoVacuumMode() async throws {
        let fresh = try await TestStore.make(.sqlite)
        try await fresh.with { store async throws in
            _ = try await store.store(HistoryStoreTests.sampleRun().0, digest: HistoryStoreTests.sampleRun().1)
            #expect(try await Version4Store.count("PRAGMA auto_vacuum", in: store) == 2)
        }
        let moved = try await Schema8Store.make(.sqlite, runs: ReaderDump.history())
        try await moved.with { store async throws in
            #expect(try await Version4Store.count("PRAGMA auto_vacuum", in: store) == 2)
        }
    }
}
