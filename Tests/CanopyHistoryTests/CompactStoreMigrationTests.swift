import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// A store written at schema 8 reads the same once migrated: `Fixtures/readers-schema8.json` is
/// what every reader returned for `ReaderDump.history()` stored by schema 8's code.
@Suite struct CompactStoreMigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/readers-schema8.json")

    @Test(arguments: StoreKind.available)
    func migratedStoreReadsAsSchema8Did(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            for (run, digest) in ReaderDump.history() { _ = try await store.store(run, digest: digest) }
            let dump = try await ReaderDump.dump(store)
            if ProcessInfo.processInfo.environment["RECORD"] == "1" {
                try Data(dump.utf8).write(to: Self.fixture)
                return
            }
            let expected = try String(contentsOf: Self.fixture, encoding: .utf8)
            #expect(dump == expected)
        }
    }
}
