import Foundation
import Testing

/// Schema 5 keeps a run's branch coverage with its identifier tree only. A store whose runs were
/// written at schema 4 (branch figures also as `coverage` rows) is refused by `report` (readers
/// never migrate), migrated by the next `ingest`, and `report` and `trend` then draw from it what
/// they drew before.
@Suite("canopy report and trend on a store migrated to schema 5", .serialized)
struct StoredCoverageMigrationTests {
    /// Three sample nights, stored as `make run` stores them.
    private func ingest(_ out: String) async throws {
        for (night, started) in [
            (10, "2026-11-17T02:00:00Z"), (11, "2026-11-18T02:00:00Z"), (12, "2026-11-19T02:00:00Z"),
        ] {
            let result = try await CLIRunner.run(
                [
                    "ingest", "--quiet", "--out", out, "--run-key", "main-\(night)", "--commit", "c\(night)",
                    "--branch", "main",
                    "--started-at", started, CLIRunner.night(night),
                ])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// The pages and summaries `report` and `trend` write, with the time they were made left out.
    private func pages(_ out: String) async throws -> [String: String] {
        let report = try await CLIRunner.run(["report", "--out", out, "--run", "main-11"])
        #expect(report.status == 0, "\(report.stderr)")
        let trend = try await CLIRunner.run(["trend", "--out", out, "--runs", "3"])
        #expect(trend.status == 0, "\(trend.stderr)")
        var pages: [String: String] = [:]
        for file in ["site/index.html", "summary.md", "trend/index.html", "trend/summary.md"] {
            let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
            pages[file] = text.replacing(/20\d\d-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?(\.\d+)?Z?/, with: "TIME")
        }
        return pages
    }

    @Test("a schema 4 store reads back the same report and trend")
    func migratedStoreDrawsTheSame() async throws {
        let out = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try await ingest(out)
        let before = try await pages(out)
        #expect(before["site/index.html"]?.contains("Identifier") == true)

        // Back to schema 4's layout: branch figures as `coverage` rows too, no figure-only
        // nodes, no `branch_coverage` column, migration 5 not applied (python3's sqlite3, as
        // another program would edit the file).
        let rewind = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO coverage (run_id, scope, name, interactive, identified) "
                       "SELECT run_id, 'branch', path, interactive, identified FROM identifier_nodes WHERE branch_coverage IS NOT NULL")
            db.execute("DELETE FROM identifier_nodes WHERE branch_coverage = 2")
            db.execute("ALTER TABLE identifier_nodes DROP COLUMN branch_coverage")
            db.execute("DELETE FROM grdb_migrations WHERE identifier = '5-branch-coverage-in-tree'")
            db.commit()
            print(db.execute("SELECT COUNT(*) FROM coverage WHERE scope = 'branch'").fetchone()[0])
            """
        let (status, printed) = try CLIRunner.python(rewind, out + "/history.sqlite")
        #expect(status == 0)
        #expect(
            (Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0,
            "the sample nights have branch coverage: \(printed)")

        // Readers never migrate: they say which command does, and leave the store as it was.
        let store = out + "/history.sqlite"
        let rewound = try Data(contentsOf: URL(fileURLWithPath: store))
        let refused = try await CLIRunner.run(["report", "--out", out, "--run", "main-11"])
        #expect(refused.status == 2 && refused.stderr.contains("canopy ingest"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == rewound)
        // A writer migrates it (the night is already stored, so nothing else changes).
        let migrated = try await CLIRunner.run(
            [
                "ingest", "--quiet", "--out", out, "--run-key", "main-12", "--commit", "c12", "--branch", "main",
                "--started-at", "2026-11-19T02:00:00Z", CLIRunner.night(12),
            ])
        #expect(migrated.status == 0, "\(migrated.stderr)")

        let after = try await pages(out)
        for (file, page) in before {
            #expect(after[file] == page, "\(file) differs after the migration")
        }
    }
}
