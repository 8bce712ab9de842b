import Foundation
import Testing

/// `report`, `trend` and `check` only read history (issue 34): a healthy store keeps its bytes,
/// and a store they cannot read is refused (exit 2) with every byte unchanged and nothing made
/// beside it.
@Suite("readers leave the store as it was", .serialized)
struct ReadOnlyReaderTests {
    /// Two sample nights stored in `<directory>/store/history.sqlite`; returns the store's path.
    private func store(in directory: String) throws -> String {
        let store = directory + "/store/history.sqlite"
        for night in [1, 2] {
            let result = try CLIRunner.run(
                [
                    "ingest", "--quiet", "--store", store, "--out", directory + "/ingest", "--run-key",
                    "night-\(night)", CLIRunner.night(night),
                ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return store
    }

    /// Every file beside the store, with its bytes.
    private func files(_ store: String) throws -> [String: Data] {
        let directory = (store as NSString).deletingLastPathComponent
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    /// The reading commands, each with its own `--out` under `directory`.
    private func readers(_ store: String, _ directory: String) -> [[String]] {
        [
            ["report", "--list", "--store", store],
            ["report", "--store", store, "--out", directory + "/report"],
            ["trend", "--store", store, "--out", directory + "/trend", "--runs", "5"],
            [
                "check", "--store", store, "--out", directory + "/check", "--branch", "main", "--commit", "c3",
                CLIRunner.night(3),
            ],
        ]
    }

    @Test("report --list, report, trend and check leave a healthy store's bytes unchanged")
    func healthyStoreUnchanged() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try store(in: directory)
        let before = try files(store)
        #expect((before["history.sqlite-wal"]?.count ?? 0) == 0, "the writer left runs in the -wal")
        for arguments in readers(store, directory) {
            let result = try CLIRunner.run(arguments)
            #expect(
                result.status == 0 || (arguments[0] == "check" && result.status == 1), "\(arguments): \(result.stderr)")
            let after = try files(store)
            #expect(after["history.sqlite"] == before["history.sqlite"], "\(arguments[0]) changed history.sqlite")
            #expect((after["history.sqlite-wal"]?.count ?? 0) == 0, "\(arguments[0]) wrote into history.sqlite-wal")
        }
    }

    @Test("a store at a newer schema is refused by every reader with its bytes unchanged and no -wal or -shm")
    func newerStoreRefusedUnchanged() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try store(in: directory)
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('99-fromTheFuture')")
            db.commit()
            db.close()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", edit, store]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let before = try files(store)
        #expect(Set(before.keys) == ["history.sqlite"])

        for arguments in readers(store, directory) + [
            ["ingest", "--store", store, "--out", directory + "/again", CLIRunner.night(4)]
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("schema version 99"), "\(arguments): \(result.stderr)")
            #expect(try files(store) == before, "\(arguments[0]) changed a store it refused")
        }
    }
}
