import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// Commands that only read history open the SQLite store read-only (issue 34): a healthy store's
/// bytes stay as they were, and a store they cannot read (older, newer, damaged) is refused
/// without a byte written, nor a `-wal` or `-shm` file made beside it. Writers refuse a newer or
/// damaged store as untouched.
@Suite struct ReadOnlyStoreTests {
    /// A closed store with `runs` runs in a directory of its own.
    static func makeStore(runs: Int = 2) async throws -> (path: String, directory: String) {
        let directory = NSTemporaryDirectory() + "canopy-readonly-" + UUID().uuidString
        let path = directory + "/history.sqlite"
        let store = try SQLiteHistoryStore(path: path)
        for night in 0..<runs {
            let (run, digest) = RunFactory.bulk(key: "night-\(night)", night: Double(night), count: 50)
            #expect(try await store.store(run, digest: digest) == .inserted)
        }
        await store.close()
        // As a finished process leaves it: the WAL checkpointed into the file, nothing beside it.
        #expect(store.walBytes() == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        return (path, directory)
    }

    /// Every file in `directory` with its bytes.
    static func files(in directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    /// Changes the store with a raw connection (rollback journal, so nothing is left beside it).
    static func edit(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
    }

    @Test func aHealthyStoreIsReadWithItsBytesUnchanged() async throws {
        let (path, directory) = try await Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try #require(try Self.files(in: directory)["history.sqlite"])

        let reader = try SQLiteHistoryStore(readingAt: path)
        #expect(try await reader.runs(in: .all).map(\.key).sorted() == ["night-0", "night-1"])
        #expect(try await reader.testRuns(runKey: "night-1").count == 50)
        await reader.close()

        let after = try Self.files(in: directory)
        #expect(after["history.sqlite"] == before, "reading changed the store file")
        #expect((after["history.sqlite-wal"]?.count ?? 0) == 0, "reading wrote into a -wal")
    }

    /// Where the directory cannot be written, a WAL store is read as immutable: nothing beside it.
    @Test func aStoreInADirectoryThatIsNotWritableIsReadAsImmutable() async throws {
        let (path, directory) = try await Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Self.files(in: directory)
        #expect(Set(before.keys) == ["history.sqlite"])

        let reader = try SQLiteHistoryStore(readingAt: path, directoryWritable: false)
        #expect(try await reader.runs(in: .all).count == 2)
        await #expect(throws: (any Error).self) {
            let (run, digest) = RunFactory.bulk(key: "night-9", night: 9, count: 5)
            _ = try await reader.store(run, digest: digest)
        }
        await reader.close()
        #expect(try Self.files(in: directory) == before)
    }

    @Test func aStoreAtANewerSchemaIsRefusedByReadersAndWritersUntouched() async throws {
        let (path, directory) = try await Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.edit(path, "INSERT INTO grdb_migrations (identifier) VALUES ('99-fromTheFuture')")
        let before = try Self.files(in: directory)
        #expect(Set(before.keys) == ["history.sqlite"])

        #expect(throws: HistoryError.schemaTooNew(location: path, found: 99, known: HistoryMigration.latestVersion)) {
            _ = try SQLiteHistoryStore(readingAt: path)
        }
        #expect(throws: HistoryError.schemaTooNew(location: path, found: 99, known: HistoryMigration.latestVersion)) {
            _ = try SQLiteHistoryStore(path: path)
        }
        #expect(try Self.files(in: directory) == before, "a refused store was changed")
    }

    @Test func aDamagedStoreIsRefusedByReadersAndWritersUntouched() async throws {
        let (path, directory) = try await Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Garbage over the schema page's b-tree header, past the 100-byte file header.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 200))
        try handle.close()
        let before = try Self.files(in: directory)

        for open in [{ _ = try SQLiteHistoryStore(readingAt: path) }, { _ = try SQLiteHistoryStore(path: path) }] {
            #expect {
                try open()
            } throws: { error in
                guard case HistoryError.cannotOpen(_, _, let advice) = error else { return false }
                return advice == .damaged
            }
        }
        #expect(try Self.files(in: directory) == before, "a refused store was changed")
    }

    /// A store older than the build: readers never migrate; they say which command does.
    @Test func aStoreAtAnOlderSchemaTellsReadersToMigrateItByWriting() async throws {
        let (path, directory) = try await Self.makeStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let last = SQLiteHistoryStore.identifier(try #require(HistoryMigration.all.last))
        try Self.edit(path, "DELETE FROM grdb_migrations WHERE identifier = '\(last)'")
        let before = try Self.files(in: directory)

        #expect {
            _ = try SQLiteHistoryStore(readingAt: path)
        } throws: { error in
            guard case HistoryError.schemaTooOld(_, let found, let known) = error else { return false }
            return found < known && "\(error)".contains("canopy ingest") && "\(error)".contains("canopy run")
        }
        #expect(try Self.files(in: directory) == before)
    }

    /// Runs a killed writer left in the `-wal` (never checkpointed) are read, not refused as "no history".
    @Test func runsOnlyInTheWALAreRead() async throws {
        let directory = NSTemporaryDirectory() + "canopy-readonly-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        let writer = try SQLiteHistoryStore(path: path)
        let (run, digest) = RunFactory.bulk(key: "in-wal", night: 0, count: 20)
        #expect(try await writer.store(run, digest: digest) == .inserted)
        #expect(writer.walBytes() > 0)

        let reader = try SQLiteHistoryStore(readingAt: path)
        #expect(try await reader.runs(in: .all).map(\.key) == ["in-wal"])
        await reader.close()
        await writer.close()
    }

    /// A store whose last run is only in its `-wal` (a writer killed after its commit), copied into
    /// a directory of its own with the `-shm` or without it; returns the copy's path.
    static func storeWithRunInWAL(keepingSHM: Bool) async throws -> (path: String, directory: String) {
        let (path, directory) = try await makeStore()
        let writer = try SQLiteHistoryStore(path: path)
        let (run, digest) = RunFactory.bulk(key: "night-2", night: 2, count: 20)
        #expect(try await writer.store(run, digest: digest) == .inserted)
        #expect(writer.walBytes() > 0, "the run is not in the -wal")
        let copy = directory + "/killed"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] + (keepingSHM ? ["-shm"] : []) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + "/history.sqlite" + suffix)
        }
        await writer.close()
        return (copy + "/history.sqlite", copy)
    }

    /// SQLite reads a `-wal` only through a `-shm`, which it cannot make in a directory it cannot
    /// write: the reader reads a private copy of the store and its `-wal` instead (removed when
    /// it closes), never the file alone.
    @Test func runsInTheWALAreReadWhereTheDirectoryIsNotWritable() async throws {
        let (path, directory) = try await Self.storeWithRunInWAL(keepingSHM: false)
        defer {
            try? FileManager.default.removeItem(
                atPath: URL(fileURLWithPath: directory).deletingLastPathComponent().path)
        }
        let before = try Self.files(in: directory)
        #expect(Set(before.keys) == ["history.sqlite", "history.sqlite-wal"])

        let reader = try SQLiteHistoryStore(readingAt: path, directoryWritable: false)
        #expect(try await reader.runs(in: .all).map(\.key).sorted() == ["night-0", "night-1", "night-2"])
        #expect(try await reader.testRuns(runKey: "night-2").count == 20)
        let copy = try #require(reader.readingCopy)
        #expect(FileManager.default.fileExists(atPath: copy.directory))
        await reader.close()
        #expect(!FileManager.default.fileExists(atPath: copy.directory), "the private copy outlived the reader")
        #expect(try Self.files(in: directory) == before, "reading changed the store's directory")
    }

    /// With the `-shm` a killed writer leaves, the `-wal` is read in place.
    @Test func runsInTheWALAreReadInPlaceThroughALeftSHM() async throws {
        let (path, directory) = try await Self.storeWithRunInWAL(keepingSHM: true)
        defer {
            try? FileManager.default.removeItem(
                atPath: URL(fileURLWithPath: directory).deletingLastPathComponent().path)
        }
        let reader = try SQLiteHistoryStore(readingAt: path, directoryWritable: false)
        #expect(reader.readingCopy == nil)
        #expect(try await reader.runs(in: .all).map(\.key).sorted() == ["night-0", "night-1", "night-2"])
        await reader.close()
    }
}
