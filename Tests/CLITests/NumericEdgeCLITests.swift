import Foundation
import Testing

/// Numbers at the edge of their range through the built binary: a JUnit `time` of 1e16 or
/// ±1e308, a summary's `totalTestCount`/`startTime` of 1e300, a start time of 9999-12-31, and a
/// store that already holds such numbers. None may end the process with a signal (they trapped,
/// SIGILL, in the page data and the number formatting), and none may poison later commands.
@Suite("Numbers at the edge through the CLI", .serialized)
struct NumericEdgeCLITests {
    private func directory() throws -> String { try CLIRunner.temporaryDirectory() }

    /// A JUnit file of two passing tests, the second with `time`.
    private func junit(time: String, in directory: String) throws -> String {
        let path = directory + "/junit-edge.xml"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="AppUITests" tests="2">
            <testcase classname="LoginTests" name="testLogin()" time="2.5"/>
            <testcase classname="LoginTests" name="testLogout()" time="\(time)"/>
            </testsuite></testsuites>
            """
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func expectNoSignal(_ result: BoundedRun, _ what: String) {
        #expect(!result.timedOut, "\(what) hung")
        #expect(!result.crashed, "\(what) died of signal \(result.status): \(result.stderr.prefix(400))")
    }

    @Test(
        "a JUnit time of 1e16 or ±1e308: run warns naming file and line; run, report and trend stay up",
        arguments: ["1e16", "1e308", "-1e308"])
    func extremeJUnitTime(_ time: String) throws {
        let work = try directory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let file = try junit(time: time, in: work)
        let out = work + "/out"
        let run = try BoundedRun.run(["run", "--out", out, "--run-key", "edge-1", "--annotations", "none", file])
        expectNoSignal(run, "run")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("junit-edge.xml"), "\(run.stderr)")
        #expect(run.stderr.contains("line 4: \"\(time)\""), "\(run.stderr)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(!page.contains("e+16") && !page.contains("e+308"))

        let report = try BoundedRun.run(["report", "--out", out])
        expectNoSignal(report, "report")
        #expect(report.status == 0, "\(report.stderr)")
        let trend = try BoundedRun.run(["trend", "--out", out])
        expectNoSignal(trend, "trend")
        #expect(trend.status == 0, "\(trend.stderr)")
        let again = try BoundedRun.run(["run", "--out", out, "--run-key", "edge-2", "--annotations", "none", file])
        expectNoSignal(again, "a second run")
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("a summary with totalTestCount and startTime of 1e300: inspect and run warn, naming the file")
    func summaryOutOfRange() throws {
        let work = try directory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        var text = try String(contentsOfFile: CLIRunner.fixture("xcresult/summary.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"totalTestCount\": 42", with: "\"totalTestCount\": 1e300")
        text = text.replacingOccurrences(of: "\"startTime\": 1732172400.123", with: "\"startTime\": 1e300")
        let summary = work + "/summary.json"
        try text.write(toFile: summary, atomically: true, encoding: .utf8)

        let inspect = try BoundedRun.run(["inspect", summary])
        expectNoSignal(inspect, "inspect")
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(
            (inspect.stdout + inspect.stderr).contains("$.startTime: 1e+300 is not a time from 2000 to 2100"),
            "\(inspect.stdout)\(inspect.stderr)")

        let out = work + "/out"
        let run = try BoundedRun.run([
            "run", "--out", out, "--run-key", "summary-1", "--annotations", "none", summary,
            try junit(time: "1", in: work),
        ])
        expectNoSignal(run, "run")
        #expect(run.status == 0, "\(run.stderr)")
        let list = try BoundedRun.run(["report", "--list", "--out", out])
        expectNoSignal(list, "report --list")
        #expect(!list.stdout.contains("+"), "an absurd start time listed: \(list.stdout)")
    }

    @Test(
        "--started-at 9999-12-31 is refused (exit 2) naming the accepted window",
        arguments: ["9999-12-31", "1999-12-31T23:59:59Z"])
    func startedAtOutsideTheWindow(_ time: String) throws {
        let work = try directory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let result = try BoundedRun.run([
            "ingest", "--out", work + "/out", "--started-at", time, try junit(time: "1", in: work),
        ])
        expectNoSignal(result, "ingest")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "--started-at '\(time)' is outside the times Canopy accepts (2000-01-01 to 2100-01-01)"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work + "/out/history.sqlite"))
    }

    // MARK: A store that already holds such numbers

    /// Stores two sample nights, then writes numbers out of range into the second run's rows
    /// (python3's sqlite3, as an older Canopy or another program left them). With
    /// `forgettingMigration`, the store is first put back to schema 8's layout, then to schema 5,
    /// before migration 6.
    private func poisonedStore(forgettingMigration: Bool) throws -> String {
        let out = try directory() + "/out"
        for night in [1, 2] {
            let ingest = try BoundedRun.run([
                "ingest", "--quiet", "--out", out, "--run-key", "night-\(night)", "--branch", "main",
                "--started-at", "2026-11-0\(night)T02:00:00Z", CLIRunner.night(night),
            ])
            #expect(ingest.status == 0, "\(ingest.stderr)")
        }
        // Schema 8's layout keeps seconds in `tests.duration`; today's whole microseconds in
        // `tests.duration_us`.
        let (rewind, forget, column, huge, negative) =
            forgettingMigration
            ? (
                SchemaRewind.toSchema8,
                "db.execute(\"DELETE FROM grdb_migrations WHERE identifier = '6-numbers-in-range'\")",
                "duration", "1e16", "-1e308"
            ) : ("", "", "duration_us", "9000000000000000000", "-5")
        let limit = forgettingMigration ? "2592000" : "2592000000000"
        let printed = try python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            \(rewind)
            run = "(SELECT id FROM runs WHERE run_key = 'night-2')"
            db.execute("UPDATE tests SET \(column) = \(huge) WHERE test_index % 3 = 0 AND run_id = " + run)
            db.execute("UPDATE tests SET \(column) = \(negative) WHERE test_index % 3 = 1 AND run_id = " + run)
            db.execute("UPDATE attempts SET duration = 1e308 WHERE run_id = " + run)
            db.execute("UPDATE runs SET duration = 1e308, started_at = 1e300, finished_at = -1e300, sort_time = 1e300, "
                       "screens = 1e300 WHERE run_key = 'night-2'")
            \(forget)
            db.commit()
            print(db.execute("SELECT COUNT(*) FROM tests WHERE \(column) > \(limit) OR \(column) < 0").fetchone()[0])
            """, out + "/history.sqlite")
        #expect((Int(printed) ?? 0) > 0, "nothing poisoned: \(printed)")
        return out
    }

    /// Runs `script` with python3, the store's path as its argument; what it printed, trimmed.
    private func python(_ script: String, _ database: String) throws -> String {
        let (status, printed) = try CLIRunner.python(script, database)
        #expect(status == 0)
        return printed
    }

    @Test("a store holding durations of 1e16 and ±1e308 and a start of 1e300: report, trend and run stay up")
    func poisonedStoreIsReadable() throws {
        let out = try poisonedStore(forgettingMigration: false)
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        for arguments in [
            ["report", "--out", out, "--run", "night-2"], ["report", "--list", "--out", out], ["trend", "--out", out],
        ] {
            let result = try BoundedRun.run(arguments)
            expectNoSignal(result, arguments.joined(separator: " "))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("e+"), "\(arguments) printed an absurd number: \(result.stdout)")
        }
        let summary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        #expect(!summary.contains("e+"), "\(summary)")
        let run = try BoundedRun.run([
            "run", "--out", out, "--run-key", "night-3", "--branch", "main", "--annotations", "none", "--started-at",
            "2026-11-03T02:00:00Z",
            CLIRunner.night(3),
        ])
        expectNoSignal(run, "run")
        #expect([0, 1].contains(run.status), "\(run.stderr)")
    }

    @Test("a schema 5 store holding such numbers is repaired by migration 6 when a writer opens it")
    func poisonedStoreIsRepaired() throws {
        let out = try poisonedStore(forgettingMigration: true)
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        let ingest = try BoundedRun.run([
            "ingest", "--quiet", "--out", out, "--run-key", "night-3", "--branch", "main", "--started-at",
            "2026-11-03T02:00:00Z",
            CLIRunner.night(3),
        ])
        expectNoSignal(ingest, "ingest")
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let counts = try python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            q = lambda sql: db.execute(sql).fetchone()[0]
            print(q("SELECT COUNT(*) FROM tests WHERE duration_us > 2592000000000 OR duration_us < 0"),
                  q("SELECT COUNT(*) FROM attempts WHERE duration > 2592000 OR duration < 0"),
                  q("SELECT COUNT(*) FROM runs WHERE run_key = 'night-2' AND started_at IS NULL AND finished_at IS NULL "
                    "AND duration = 0 AND sort_time = ingested_at"),
                  q("SELECT COUNT(*) FROM grdb_migrations WHERE identifier = '6-numbers-in-range'"))
            """, out + "/history.sqlite")
        #expect(counts == "0 0 1 1", "out-of-range tests, attempts; repaired run; migration 6 applied: \(counts)")
    }
}
