import Foundation
import Testing

@testable import CanopyHistory

/// `preflight` reads a store file without locks, so its verdict is believed only when the file
/// held still around the read: a read torn by another process's checkpoint (SQLite says
/// "database disk image is malformed") must not refuse a healthy store shared by concurrent
/// writers (`bench/soak.sh`, the `concurrent` check).
@Suite struct TornPreflightTests {
    /// The store's bytes with garbage over its schema page, as a read racing a checkpoint may see them.
    static func torn(_ healthy: Data) -> Data {
        var bytes = healthy
        bytes.replaceSubrange(100..<300, with: Data(repeating: 0xA5, count: 200))
        return bytes
    }

    static func damagedError(_ error: any Error) -> Bool {
        guard case HistoryError.cannotOpen(_, _, let advice) = error else { return false }
        return advice == .damaged
    }

    @Test func aReadTornByAnotherWriterIsReadAgain() async throws {
        let (path, directory) = try await ReadOnlyStoreTests.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let healthy = try Data(contentsOf: URL(fileURLWithPath: path))
        try Self.torn(healthy).write(to: URL(fileURLWithPath: path))

        var reads = 0
        let applied = try SQLiteHistoryStore.checkedWhileQuiet(path) {
            reads += 1
            // The other writer's checkpoint lands while this read is under way.
            defer { if reads == 1 { try? healthy.write(to: URL(fileURLWithPath: path), options: .atomic) } }
            return try SQLiteHistoryStore.preflight(path, refusingOlder: true)
        }
        #expect(reads == 2)
        #expect(applied??.count == HistoryMigration.all.count)
        // And the store opens for writing as a whole.
        let store = try SQLiteHistoryStore(path: path)
        #expect(try await store.runs(in: .all).count == 2)
        await store.close()
    }

    @Test func aDamagedStoreThatHoldsStillIsRefusedAtTheFirstRead() async throws {
        let (path, directory) = try await ReadOnlyStoreTests.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.torn(try Data(contentsOf: URL(fileURLWithPath: path))).write(to: URL(fileURLWithPath: path))

        var reads = 0
        #expect {
            try SQLiteHistoryStore.checkedWhileQuiet(path) {
                reads += 1
                return try SQLiteHistoryStore.preflight(path, refusingOlder: false)
            }
        } throws: { Self.damagedError($0) }
        #expect(reads == 1)
    }

    /// A file that changes under every read is left to the locked open, which checks it under
    /// SQLite's locks: the verdict of an unlocked read is never believed.
    @Test func aFileThatNeverHoldsStillIsLeftToTheLockedOpen() async throws {
        let (path, directory) = try await ReadOnlyStoreTests.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let healthy = try Data(contentsOf: URL(fileURLWithPath: path))

        var reads = 0
        let verdict = try SQLiteHistoryStore.checkedWhileQuiet(path) {
            reads += 1
            defer {
                let next = reads.isMultiple(of: 2) ? healthy : healthy + Data(repeating: 0, count: 4096 * reads)
                try? next.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            return try SQLiteHistoryStore.preflight(path, refusingOlder: false)
        }
        #expect(verdict == nil)
        #expect(reads == SQLiteHistoryStore.quietReadAttempts)
    }
}
