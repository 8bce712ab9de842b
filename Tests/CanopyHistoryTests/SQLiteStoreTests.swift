import CanopyModel
import Foundation
import GRDB
import Logging
import Testing

@testable import CanopyHistory

@Suite struct SQLiteStoreTests {
    @Test func theFileIsInWALModeWithABusyTimeout() async throws {
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteHistoryStore(path: directory + "/nested/history.sqlite")
        #expect(try store.pragma("journal_mode") == "wal")
        #expect(try store.pragma("busy_timeout") == String(Int(SQLiteHistoryStore.busyTimeout * 1000)))
        // Statement journals stay in memory on the writer (2 = MEMORY); readers keep the default (0).
        #expect(try store.pragma("temp_store") == "2")
        #expect(try store.readerPragma("temp_store") == "0")
        let indexes = try store.indexNames()
        #expect(
            Set(indexes).isSuperset(of: [
                "runs_branch_time", "runs_time", "tests_failing_names",
            ]))
        await store.close()
    }

    /// `--store other.db` migrated Canopy's tables into another application's database.
    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUnchanged() async throws {
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/other.db"
        let other = try SQLiteHistoryStore(path: directory + "/scratch.sqlite")
        await other.close()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for setup in [
            "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT)",
            "CREATE TABLE grdb_migrations(identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1')",
        ] {
            try? FileManager.default.removeItem(atPath: path)
            let queue = try DatabaseQueue(path: path)
            try await queue.write { try $0.execute(sql: setup) }
            try queue.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect {
                _ = try SQLiteHistoryStore(path: path)
            } throws: { error in
                guard case .notAStore(_, let tables)? = error as? HistoryError else { return false }
                return !tables.contains("runs") && "\(error)".contains("not a Canopy history store")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
        // A store Canopy made opens again.
        #expect(try await SQLiteHistoryStore(path: directory + "/scratch.sqlite").runs(in: .all).isEmpty)
    }

    @Test func aCheckpointFollowsAStoredRunOnceTheWALPassesTheThreshold() async throws {
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        // Autocheckpoint is off: without one of ours the WAL would only grow.
        let never = try SQLiteHistoryStore(path: path, checkpointThreshold: .max)
        #expect(try never.pragma("wal_autocheckpoint") == "0")
        let (first, firstDigest) = RunFactory.bulk(key: "wal-1", night: 1, count: 300)
        #expect(try await never.store(first, digest: firstDigest) == .inserted)
        #expect(never.checkpoints.started == 0)
        #expect(never.walBytes() > 0)
        await never.close()

        let always = try SQLiteHistoryStore(path: path, checkpointThreshold: 0)
        let (second, secondDigest) = RunFactory.bulk(key: "wal-2", night: 2, count: 300)
        #expect(try await always.store(second, digest: secondDigest) == .inserted)
        #expect(try await always.store(second, digest: secondDigest) == .alreadyStored)
        #expect(always.checkpoints.started == 1, "one checkpoint per stored run, none for a run already stored")
        await always.close()
        #expect(try await SQLiteHistoryStore(path: path).runs(in: .all).count == 2)
    }

    /// CI caches and uploads `history.sqlite` alone: once the store is closed, the file holds
    /// every run, whatever the WAL's size (a WAL file may stay, every page of it copied back).
    @Test func aClosedStoreLeavesEverythingInItsOneFile() async throws {
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        let store = try SQLiteHistoryStore(path: path)
        let (run, digest) = RunFactory.bulk(key: "small-1", night: 1, count: 30)
        #expect(try await store.store(run, digest: digest) == .inserted)
        _ = try await store.runs(in: .all)
        await store.close()
        let copy = directory + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let reopened = try SQLiteHistoryStore(path: copy)
        #expect(try await reopened.runs(in: .all).map(\.key) == ["small-1"])
        await reopened.close()
    }

    /// The WAL grew by every run (107 MB beside a 9 MB store after 87 nightly runs), and every
    /// read paid for it: closing empties it.
    @Test func closingEmptiesTheWAL() async throws {
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        for night in 1...5 {
            let store = try SQLiteHistoryStore(path: path)
            let (run, digest) = RunFactory.bulk(key: "night-\(night)", night: Double(night), count: 300)
            #expect(try await store.store(run, digest: digest) == .inserted)
            _ = try await store.runs(in: .all)
            await store.close()
            let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            #expect(wal == 0, "night \(night): \(wal) bytes of WAL after closing")
        }
        #expect(try await SQLiteHistoryStore(path: path).runs(in: .all).count == 5)
    }

    @Test func aStoreFromANewerCanopyIsRefused() async throws {
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        let store = try SQLiteHistoryStore(path: path)
        try store.execute("INSERT INTO grdb_migrations (identifier) VALUES ('99-future')")
        await store.close()
        #expect(throws: HistoryError.self) { try SQLiteHistoryStore(path: path) }
        do {
            _ = try SQLiteHistoryStore(path: path)
        } catch {
            #expect(String(describing: error).contains("Upgrade Canopy"))
        }
    }
}
