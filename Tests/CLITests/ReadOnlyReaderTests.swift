import Foundation
import Testing

/// `report`, `trend` and `check` only read history (issue 34): a healthy store keeps its bytes,
/// and a store they cannot read is refused (exit 2) with every byte unchanged and nothing made
/// beside it.
@Suite("readers leave the store as it was", .serialized)
struct ReadOnlyReaderTests {
    /// Two sample nights stored in `<directory>/store/history.sqlite`; returns the store's path.
    private func store(in directory: String) async throws -> String {
        let store = directory + "/store/history.sqlite"
        for night in [1, 2] {
            let result = try await CLIRunner.run(
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
    func healthyStoreUnchanged() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try await store(in: directory)
        let before = try files(store)
        #expect((before["history.sqlite-wal"]?.count ?? 0) == 0, "the writer left runs in the -wal")
        for arguments in readers(store, directory) {
            let result = try await CLIRunner.run(arguments)
            #expect(
                result.status == 0 || (arguments[0] == "check" && result.status == 1), "\(arguments): \(result.stderr)")
            let after = try files(store)
            #expect(after["history.sqlite"] == before["history.sqlite"], "\(arguments[0]) changed history.sqlite")
            #expect((after["history.sqlite-wal"]?.count ?? 0) == 0, "\(arguments[0]) wrote into history.sqlite-wal")
        }
    }

    @Test("a store at a newer schema is refused by every reader with its bytes unchanged and no -wal or -shm")
    func newerStoreRefusedUnchanged() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try await store(in: directory)
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('99-fromTheFuture')")
            db.commit()
            db.close()
            """
        #expect(try CLIRunner.python(edit, store).status == 0)
        let before = try files(store)
        #expect(Set(before.keys) == ["history.sqlite"])

        for arguments in readers(store, directory) + [
            ["ingest", "--store", store, "--out", directory + "/again", CLIRunner.night(4)]
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("schema version 99"), "\(arguments): \(result.stderr)")
            #expect(try files(store) == before, "\(arguments[0]) changed a store it refused")
        }
    }

    /// Whether this process may make a read-only bind mount in a mount namespace of its own
    /// (Linux, as root): the one way to show root a directory it cannot write.
    static let canMountReadOnly: Bool = {
        guard let result = try? runReadOnly(NSTemporaryDirectory(), ["/bin/true"]) else { return false }
        return result.status == 0
    }()

    /// Runs `command` where `directory` is a read-only bind mount (`unshare -m`), with `environment`.
    static func runReadOnly(_ directory: String, _ command: [String], environment: [String: String] = [:]) throws
        -> CLIRunner.Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = "mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\" \"$0\" && exec \"$@\""
        process.arguments = ["unshare", "-m", "--propagation", "private", "sh", "-c", script, directory] + command
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("CANOPY_") || key.hasPrefix("GITHUB_") || key == "CI" {
            env.removeValue(forKey: key)
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRunner.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Nights 1 and 2 in the store file and night 3 only in its `-wal`, as a writer killed after
    /// its commit leaves them, in `<directory>/killed` (with the `-shm` when `keepingSHM`): night 3
    /// is ingested while another connection holds a read transaction, so its checkpoint cannot
    /// copy it into the file, and the files are copied then.
    private func storeWithRunInWAL(in directory: String, keepingSHM: Bool) async throws -> String {
        let store = try await store(in: directory)
        let hold = Process()
        hold.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let python = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN")
            db.execute("SELECT COUNT(*) FROM runs").fetchall()
            print("holding", flush=True)
            sys.stdin.read()
            """
        hold.arguments = ["python3", "-c", python, store]
        let input = Pipe()
        let output = Pipe()
        hold.standardInput = input
        hold.standardOutput = output
        try hold.run()
        defer {
            try? input.fileHandleForWriting.close()
            hold.waitUntilExit()
        }
        #expect(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("holding"))
        let third = try await CLIRunner.run(
            [
                "ingest", "--quiet", "--store", store, "--out", directory + "/ingest", "--run-key", "night-3",
                CLIRunner.night(3),
            ])
        #expect(third.status == 0, "\(third.stderr)")
        let killed = directory + "/killed"
        try FileManager.default.createDirectory(atPath: killed, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] + (keepingSHM ? ["-shm"] : []) {
            try FileManager.default.copyItem(atPath: store + suffix, toPath: killed + "/history.sqlite" + suffix)
        }
        let wal = try FileManager.default.attributesOfItem(atPath: killed + "/history.sqlite-wal")[.size] as? Int
        #expect((wal ?? 0) > 0, "night 3 is not in the -wal")
        return killed + "/history.sqlite"
    }

    @Test(
        "a reader in a read-only directory sees the runs a killed writer committed into the -wal",
        .enabled(if: canMountReadOnly, "needs a read-only bind mount (Linux, root)"),
        arguments: [false, true])
    func readOnlyDirectorySeesRunsInTheWAL(keepingSHM: Bool) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try await storeWithRunInWAL(in: directory, keepingSHM: keepingSHM)
        let killed = (store as NSString).deletingLastPathComponent
        let before = try files(store)

        let list = try Self.runReadOnly(killed, [CLIRunner.binary, "report", "--list", "--store", store])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("night-3"), "report --list omits the run in the -wal: \(list.stdout)")
        let report = try Self.runReadOnly(
            killed,
            [CLIRunner.binary, "report", "--run", "night-3", "--store", store, "--out", directory + "/report"])
        #expect(report.status == 0, "report --run night-3: \(report.stderr)")
        #expect(try files(store) == before, "a reader changed the store's directory")
    }

    /// Where the runs in the `-wal` can be read neither in place nor from a copy, every reader says
    /// so and what to do (exit 2), never reading the file without them.
    @Test(
        "a reader that cannot read the -wal in a read-only directory refuses and says what to do",
        .enabled(if: canMountReadOnly, "needs a read-only bind mount (Linux, root)"))
    func readOnlyDirectoryRefusesWhenTheWALCannotBeRead() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try await storeWithRunInWAL(in: directory, keepingSHM: false)
        let killed = (store as NSString).deletingLastPathComponent
        // No temporary directory to copy the store into.
        let environment = ["TMPDIR": killed + "/history.sqlite/"]
        for arguments in readers(store, directory) {
            let result = try Self.runReadOnly(killed, [CLIRunner.binary] + arguments, environment: environment)
            #expect(result.status == 2, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains(store), "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("Copy the store with its -wal file to a writable directory"),
                "\(arguments): \(result.stderr)")
        }
    }
}
