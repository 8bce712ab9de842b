import Foundation
import Testing

/// One run from several CI legs (issue 36): each leg stores its part (`ingest --shard`), a final
/// step merges them (`run --expect-shards`), on SQLite and, when `CANOPY_TEST_POSTGRES` is set,
/// PostgreSQL.
@Suite("shards merge into one run")
struct ShardTests {
    static var stores: [String] {
        ProcessInfo.processInfo.environment["CANOPY_TEST_POSTGRES"].flatMap {
            $0.isEmpty ? nil : ["sqlite", "postgres"]
        }
            ?? ["sqlite"]
    }

    /// A fresh store: a SQLite path in `directory`, or a new PostgreSQL database (made with psql,
    /// dropped by `drop`).
    static func store(_ kind: String, in directory: String) throws -> String {
        guard kind == "postgres", let url = ProcessInfo.processInfo.environment["CANOPY_TEST_POSTGRES"] else {
            return directory + "/history.sqlite"
        }
        let name = "canopy_shards_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        #expect(try psql(url, "CREATE DATABASE \(name)"), "psql could not create \(name)")
        var components = try #require(URLComponents(string: url))
        components.path = "/" + name
        return try #require(components.string)
    }

    /// Drops a PostgreSQL store `store` made; nothing for SQLite.
    static func drop(_ store: String) {
        guard store.hasPrefix("postgres"), let url = ProcessInfo.processInfo.environment["CANOPY_TEST_POSTGRES"],
            let name = URLComponents(string: store)?.path.dropFirst()
        else { return }
        _ = try? psql(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    private static func psql(_ url: String, _ statement: String) throws -> Bool {
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        psql.arguments = ["psql", url, "-q", "-c", statement]
        try psql.run()
        psql.waitUntilExit()
        return psql.terminationStatus == 0
    }

    /// Leg `number`'s xcbeautify JUnit: tests of its own (`ShardNTests`), and `testLogin()`
    /// failing when `failing`.
    static func leg(_ number: Int, tests: Int = 3, failing: Bool = false, in directory: String) throws -> String {
        let path = directory + "/leg-\(number).xml"
        var cases = (1...tests).map {
            """
                    <testcase classname="AppUITests.Shard\(number)Tests" name="test\($0)()" time="1.500">
                    </testcase>

            """
        }
        if failing {
            cases.append(
                """
                        <testcase classname="AppUITests.Shard\(number)Tests" name="testLogin()">
                            <failure message="LoginTests.swift:42 - XCTAssertTrue failed - Login.Submit not hittable">
                            </failure>
                        </testcase>

                """)
        }
        let text = """
            <testsuites name="All tests" tests="\(cases.count)" failures="\(failing ? 1 : 0)">
                <testsuite name="AppUITests.Shard\(number)Tests" tests="\(cases.count)" failures="\(failing ? 1 : 0)">
            \(cases.joined())    </testsuite>
            </testsuites>

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let metadata = ["--commit", "c0042", "--branch", "main", "--started-at", "2026-11-27T02:00:00Z"]

    static func ingest(_ store: String, run: String, shard: String, _ arguments: [String]) async throws
        -> CLIRunner.Result
    {
        try await CLIRunner.run(
            ["ingest", "--store", store, "--run-key", run, "--shard", shard] + metadata + arguments)
    }

    static func merge(_ store: String, run: String, expect: Int, out: String, _ extra: [String] = []) async throws
        -> CLIRunner.Result
    {
        try await CLIRunner.run(
            [
                "run", "--store", store, "--run-key", run, "--expect-shards", "\(expect)", "--out", out,
                "--annotations", "none",
            ] + metadata + extra)
    }

    /// The run's test count in `out/report.json`.
    static func tests(_ out: String) throws -> Int? {
        let summary = try json(out + "/report.json")["summary"] as? [String: Any]
        return (summary?["totals"] as? [String: Any])?["tests"] as? Int
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("a missing shard: exit 2 naming those present and missing, nothing judged or stored", arguments: stores)
    func missingShard(_ kind: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = try Self.store(kind, in: directory)
        defer { Self.drop(store) }
        for number in [1, 3] {
            let result = try await Self.ingest(
                store, run: "r1", shard: "\(number)", [try Self.leg(number, in: directory)])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("stored shard \(number) of run r1 (3 tests)"), "\(result.stdout)")
        }
        let merge = try await Self.merge(store, run: "r1", expect: 3, out: directory + "/out")
        #expect(merge.status == 2, "\(merge.stdout)\n\(merge.stderr)")
        #expect(merge.stderr.contains("run r1 has 2 of 3 shards (present: 1, 3; missing: 2)"), "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/summary.md"), "nothing judged")
        let list = try await CLIRunner.run(["report", "--store", store, "--list"])
        #expect(!list.stdout.contains("r1"), "nothing stored: \(list.stdout)")
        // More shards stored than expected is refused too.
        let fewer = try await Self.merge(store, run: "r1", expect: 1, out: directory + "/out")
        #expect(fewer.status == 2 && fewer.stderr.contains("more than --expect-shards 1"), "\(fewer.stderr)")
    }

    @Test("a shard sent twice replaces itself; the merged run judges once, then its shards are gone", arguments: stores)
    func shardSentTwice(_ kind: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = try Self.store(kind, in: directory)
        defer { Self.drop(store) }
        try FileManager.default.createDirectory(atPath: directory + "/first", withIntermediateDirectories: true)
        let failing = try await Self.ingest(
            store, run: "r2", shard: "1", [try Self.leg(1, failing: true, in: directory + "/first")])
        #expect(failing.status == 0, "\(failing.stderr)")
        let again = try await Self.ingest(store, run: "r2", shard: "1", [try Self.leg(1, in: directory)])
        #expect(again.stdout.contains("replacing the one sent before"), "\(again.stdout)")
        #expect(again.stdout.contains("1 shard(s) of the run stored: 1"), "\(again.stdout)")
        // The last leg stores its shard and merges in one step.
        let out = directory + "/out"
        let merge = try await Self.merge(
            store, run: "r2", expect: 2, out: out, ["--shard", "2", try Self.leg(2, in: directory)])
        #expect(merge.status == 0, "the failing first send was replaced: \(merge.stdout)\n\(merge.stderr)")
        #expect(merge.stdout.contains("run r2 (merged from 2 shards: 1, 2) stored"), "\(merge.stdout)")
        #expect(try Self.tests(out) == 6)
        // Judged once: its files are written, so the shards are gone; the run is stored.
        let twice = try await Self.merge(store, run: "r2", expect: 2, out: directory + "/again")
        #expect(
            twice.status == 2
                && twice.stderr.contains("run r2 is already stored, merged by a merge that wrote its files"),
            "\(twice.stderr)")
        // A leg after the merge is refused, naming the merge, and kept nowhere.
        let late = try await Self.ingest(store, run: "r2", shard: "3", [try Self.leg(3, in: directory)])
        #expect(late.status == 2, "\(late.stdout)\n\(late.stderr)")
        #expect(
            late.stderr.contains("run r2 was already merged and stored before shard 3 arrived"),
            "\(late.stderr)")
        #expect(late.stderr.contains("new --run-key"), "\(late.stderr)")
    }

    /// Runs `arguments` in the background; the result once it ends. The merge's pause waits with
    /// `Task.sleep`, holding no thread the test needs to say `go`.
    static func background(_ arguments: [String], environment: [String: String]) -> Task<CLIRunner.Result, any Error> {
        Task { try await CLIRunner.run(arguments, environment: environment) }
    }

    /// Waits until `path` exists, at most 60 s.
    static func await(_ path: String) async throws -> Bool {
        for _ in 0..<6_000 {
            if FileManager.default.fileExists(atPath: path) { return true }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return false
    }

    @Test("a leg sent again while the merge runs is in the merged run", arguments: stores)
    func aLegResentDuringTheMergeIsMerged(_ kind: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = try Self.store(kind, in: directory)
        defer { Self.drop(store) }
        await #expect(try Self.ingest(store, run: "r6", shard: "1", [try Self.leg(1, in: directory)]).status == 0)
        try FileManager.default.createDirectory(atPath: directory + "/first", withIntermediateDirectories: true)
        await #expect(
            try Self.ingest(store, run: "r6", shard: "2", [try Self.leg(2, in: directory + "/first")]).status == 0)
        // The merge reads the legs, then waits (`CANOPY_TEST_SHARD_MERGE_PAUSE`) while leg 2 is sent again.
        let pause = directory + "/pause"
        try FileManager.default.createDirectory(atPath: pause, withIntermediateDirectories: true)
        // The merge waits for `go` however long this test takes to send the leg; it is said on
        // every way out, so no merge is left waiting.
        defer { _ = FileManager.default.createFile(atPath: pause + "/go", contents: nil) }
        let out = directory + "/out"
        let merging = Self.background(
            [
                "run", "--store", store, "--run-key", "r6", "--expect-shards", "2", "--out", out, "--annotations",
                "none",
            ] + Self.metadata, environment: ["CANOPY_TEST_SHARD_MERGE_PAUSE": pause])
        #expect(try await Self.await(pause + "/read"), "the merge read the legs")
        let again = try await Self.ingest(store, run: "r6", shard: "2", [try Self.leg(2, tests: 5, in: directory)])
        _ = FileManager.default.createFile(atPath: pause + "/go", contents: nil)
        let merge = try await merging.value
        #expect(
            again.status == 0 && again.stdout.contains("replacing the one sent before"),
            "\(again.stdout)\n\(again.stderr)")
        #expect(merge.status == 0, "\(merge.stdout)\n\(merge.stderr)")
        #expect(merge.stderr.contains("shard(s) 2 of run r6 were sent while merging: merging again"), "\(merge.stderr)")
        #expect(try Self.tests(out) == 8, "leg 1's 3 tests and the 5 of leg 2 as sent again")
    }

    @Test("a merge killed after its commit, run again, writes its files and exits by the gates", arguments: stores)
    func aMergeKilledAfterItsCommitRendersWhenRetried(_ kind: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = try Self.store(kind, in: directory)
        defer { Self.drop(store) }
        await #expect(
            try Self.ingest(store, run: "r7", shard: "1", [try Self.leg(1, failing: true, in: directory)]).status == 0)
        await #expect(try Self.ingest(store, run: "r7", shard: "2", [try Self.leg(2, in: directory)]).status == 0)
        let out = directory + "/out"
        // Killed before its first file is written: the run is committed by then.
        let killed = try CLIRunner.spawn(
            [
                "run", "--store", store, "--run-key", "r7", "--expect-shards", "2", "--out", out, "--annotations",
                "none",
            ] + Self.metadata, environment: ["CANOPY_TEST_OUTPUT_KILL_STEP": "1"])
        #expect(killed.status == 9, "\(killed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/summary.md"))
        #expect(
            try await CLIRunner.run(["report", "--store", store, "--list"]).stdout.contains("r7"), "the run is stored")
        let late = try await Self.ingest(store, run: "r7", shard: "2", [try Self.leg(2, tests: 4, in: directory)])
        #expect(late.status == 2 && late.stderr.contains("was already merged"), "\(late.stderr)")
        // Retried, with its own leg (the one merged), the merge renders the stored run.
        let retried = try await Self.merge(
            store, run: "r7", expect: 2, out: out, ["--shard", "2", try Self.leg(2, in: directory)])
        #expect(retried.status == 1, "the new failure's gate: \(retried.stdout)\n\(retried.stderr)")
        #expect(retried.stdout.contains("run r7 (merged from 2 shards: 1, 2) was already stored"), "\(retried.stdout)")
        #expect(try Self.tests(out) == 7)
        for file in ["summary.md", "comment.md", "site/index.html"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        // Its files written, the legs are gone.
        let third = try await Self.merge(store, run: "r7", expect: 2, out: directory + "/third")
        #expect(third.status == 2 && third.stderr.contains("deleted the shards"), "\(third.stderr)")
    }

    @Test("8 legs ingested at once by 8 processes: every shard stored, the merge counts every test", arguments: stores)
    func concurrentShards(_ kind: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = try Self.store(kind, in: directory)
        defer { Self.drop(store) }
        // The store exists before the legs race (the first writer's migration is tested elsewhere).
        await #expect(try Self.ingest(store, run: "warm", shard: "1", [try Self.leg(9, in: directory)]).status == 0)
        let legs = try (1...8).map { try Self.leg($0, tests: 40, in: directory) }
        let results = try await withThrowingTaskGroup(of: CLIRunner.Result.self) { group in
            for (index, leg) in legs.enumerated() {
                group.addTask {
                    try await Self.ingest(
                        store, run: "r3", shard: "\(index + 1)", ["--destination", "Sim \(index % 2)", leg])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let out = directory + "/out"
        let merge = try await Self.merge(store, run: "r3", expect: 8, out: out)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try Self.tests(out) == 320)
    }

    @Test("the merged run is the run of the legs' files read together, each labelled")
    func mergeEqualsReadingTogether() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let iPhone = try DestinationTests.xcbeautify(loginFails: false, extra: ["testSignup()"])
        let iPad = try DestinationTests.xcbeautify(loginFails: true, extra: ["testSignup()"])
        try iPhone.write(toFile: directory + "/iphone.xml", atomically: true, encoding: .utf8)
        try iPad.write(toFile: directory + "/ipad.xml", atomically: true, encoding: .utf8)
        let sharded = directory + "/sharded.sqlite"
        await #expect(
            try Self.ingest(
                sharded, run: "r4", shard: "iphone", ["--destination", "iPhone 16", directory + "/iphone.xml"]
            )
            .status == 0)
        await #expect(
            try Self.ingest(sharded, run: "r4", shard: "ipad", ["--destination", "iPad Air", directory + "/ipad.xml"])
                .status == 0)
        // Both write to the same --out, whose path the outputs name; the shards merge in name order.
        let out = directory + "/out"
        let merged = try await Self.merge(sharded, run: "r4", expect: 2, out: out)
        #expect(merged.status == 1, "\(merged.stderr)")
        try FileManager.default.moveItem(atPath: out, toPath: directory + "/merged")
        let together = try await CLIRunner.run(
            [
                "run", "--store", directory + "/together.sqlite", "--run-key", "r4", "--out", out,
                "--annotations", "none", "--destination", "iPad Air=\(directory)/ipad.xml", "--destination",
                "iPhone 16=\(directory)/iphone.xml",
            ] + Self.metadata)
        #expect(together.status == 1, "\(together.stderr)")
        try FileManager.default.moveItem(atPath: out, toPath: directory + "/together")
        // The footers say when each was written, which may be a minute apart.
        func undated(_ text: String) -> String {
            text.replacingOccurrences(
                of: #"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC"#, with: "(written at)", options: .regularExpression)
        }
        for file in ["insights.json", "summary.md", "comment.md"] {
            let one = undated(try String(contentsOfFile: directory + "/merged/" + file, encoding: .utf8))
            let other = undated(try String(contentsOfFile: directory + "/together/" + file, encoding: .utf8))
            // The files the run read are named in the outputs by their paths, the same here.
            #expect(one == other, "\(file) differs:\n\(one.prefix(1500))\n---\n\(other.prefix(1500))")
        }
        // report.json also says which shards the merged run came from; the rest is the same.
        var report = try Self.json(directory + "/merged/report.json")
        var summary = try #require(report["summary"] as? [String: Any])
        var metadata = try #require(summary["metadata"] as? [String: Any])
        #expect(metadata.removeValue(forKey: "shards") as? [String] == ["ipad", "iphone"])
        summary["metadata"] = metadata
        report["summary"] = summary
        let readTogether = try Self.json(directory + "/together/report.json")
        #expect(NSDictionary(dictionary: report).isEqual(to: readTogether), "report.json differs")
        let list = try await CLIRunner.run(["report", "--store", sharded, "--list"])
        #expect(list.stdout.contains("r4"), "\(list.stdout)")
    }

    @Test("a leg with an unreadable input stores no shard")
    func unreadableLeg() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = directory + "/history.sqlite"
        try "<testsuites><testsuite name=\"S\"><testcase".write(
            toFile: directory + "/cut.xml", atomically: true, encoding: .utf8)
        let result = try await Self.ingest(
            store, run: "r5", shard: "1", [try Self.leg(1, in: directory), directory + "/cut.xml"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cut.xml"), "\(result.stderr)")
        let merge = try await Self.merge(store, run: "r5", expect: 1, out: directory + "/out")
        #expect(merge.status == 2 && merge.stderr.contains("0 of 1 shards (present: none"), "\(merge.stderr)")
    }

    @Test(
        "--shard and --expect-shards need --run-key",
        arguments: [
            ["ingest", "--shard", "1"], ["run", "--expect-shards", "2"],
            ["run", "--expect-shards", "2", "--run-key", "k", "x.xml"],
        ])
    func needsRunKey(_ arguments: [String]) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let leg = try Self.leg(1, in: directory)
        let result = try await CLIRunner.run(
            arguments + ["--out", directory + "/out"] + (arguments.last == "x.xml" ? [] : [leg]))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--run-key") || result.stderr.contains("--shard NAME"), "\(result.stderr)")
    }
}
