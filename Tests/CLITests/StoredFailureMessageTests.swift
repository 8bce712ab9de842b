import Foundation
import Testing

/// History keeps each failure's message as the run read it (schema 7): `canopy report` of a stored
/// run, and the trend's latest run, show the message `canopy run` showed, not the normalised one
/// its fingerprint is made from.
/// A store written at schema 6 (no messages) is refused by the readers until a writer migrates it,
/// and its failures then show their normalised messages.
@Suite("canopy report and trend show a stored failure's real message", .serialized)
struct StoredFailureMessageTests {
    static let real = "Exceeded timeout of 10 seconds, with unfulfilled expectations"
    static let normalised = "Exceeded timeout of {duration}, with unfulfilled expectations"

    /// The "New failures" section of a summary, up to the next heading.
    private func newFailures(_ summary: String) throws -> Substring {
        let start = try #require(summary.range(of: "### ❌ New failures"), "\(summary.prefix(800))")
        let rest = summary[start.upperBound...]
        return rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)]
    }

    private func python(_ script: String, _ argument: String) throws -> Int32 {
        try CLIRunner.python(script, argument).status
    }

    @Test("report of a stored night shows Exceeded timeout of 10 seconds, as run did")
    func reportShowsTheRealMessage() async throws {
        let out = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try await CLIRunner.run([
            "run", "--quiet", "--out", out, "--run-key", "night-3", "--commit", "c3abcdef", "--branch", "main",
            "--started-at", "2026-11-03T02:00:00Z", "--annotations", "none", CLIRunner.night(3),
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let fromRun = try newFailures(String(contentsOfFile: out + "/summary.md", encoding: .utf8))
        #expect(fromRun.contains(Self.real), "\(fromRun)")

        let store = out + "/history.sqlite"
        let report = try await CLIRunner.run(["report", "--out", out + "/report", "--store", store, "--run", "night-3"])
        #expect(report.status == 0, "\(report.stderr)")
        let fromReport = try newFailures(String(contentsOfFile: out + "/report/summary.md", encoding: .utf8))
        #expect(fromReport.contains(Self.real), "\(fromReport)")
        #expect(!fromReport.contains(Self.normalised), "\(fromReport)")
        // The same message line (history keeps no source location, so the test's line differs).
        let messageLine = { (section: Substring) in section.split(separator: "\n").filter { $0.contains(Self.real) } }
        #expect(messageLine(fromReport) == messageLine(fromRun))
        // The trend's latest-run tab reads the same stored failures.
        let trend = try await CLIRunner.run(["trend", "--out", out + "/trend", "--store", store, "--runs", "5"])
        #expect(trend.status == 0, "\(trend.stderr)")
        #expect(try String(contentsOfFile: out + "/trend/trend/index.html", encoding: .utf8).contains(Self.real))

        // Back to schema 6: test results and failures with their strings inline (before
        // migration 9), no `shards` table, no `message` column, migrations 7 to 9 not applied
        // (python3's sqlite3, as another program would edit the file).
        let rewind = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            \(SchemaRewind.toSchema8)
            db.execute("DROP TABLE shards")
            db.execute("DELETE FROM grdb_migrations WHERE identifier = '8-shards'")
            db.execute("ALTER TABLE failures DROP COLUMN message")
            db.execute("DELETE FROM grdb_migrations WHERE identifier = '7-failure-messages'")
            db.commit()
            db.close()
            """
        #expect(try python(rewind, store) == 0)
        let rewound = try Data(contentsOf: URL(fileURLWithPath: store))
        // Readers never migrate: they say which command does, and leave the store as it was.
        for arguments in [
            ["report", "--out", out + "/refused", "--store", store, "--run", "night-3"],
            ["trend", "--out", out + "/refused", "--store", store, "--runs", "5"],
            [
                "check", "--out", out + "/refused", "--store", store, "--branch", "main", "--commit", "c4",
                CLIRunner.night(4),
            ],
        ] {
            let refused = try await CLIRunner.run(arguments)
            #expect(refused.status == 2, "\(arguments[0]): \(refused.stderr)")
            #expect(refused.stderr.contains("schema version 6"), "\(arguments[0]): \(refused.stderr)")
            #expect(refused.stderr.contains("canopy ingest"), "\(arguments[0]): \(refused.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == rewound, "\(arguments[0]) changed the store")
        }

        // A writer migrates it; the failure stored at schema 6 shows its normalised message.
        let ingest = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out + "/ingest", "--store", store, "--run-key", "night-4", "--commit",
            "c4abcdef", "--branch", "main", "--started-at", "2026-11-04T02:00:00Z", CLIRunner.night(4),
        ])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let again = try await CLIRunner.run(["report", "--out", out + "/again", "--store", store, "--run", "night-3"])
        #expect(again.status == 0, "\(again.stderr)")
        let fromOldRow = try newFailures(String(contentsOfFile: out + "/again/summary.md", encoding: .utf8))
        #expect(fromOldRow.contains(Self.normalised), "\(fromOldRow)")
        #expect(!fromOldRow.contains(Self.real), "\(fromOldRow)")
    }
}
