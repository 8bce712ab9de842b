import Foundation
import Testing

extension PipelineCommandTests {
    @Suite("run and ingest: what is written and what is stored")
    struct RunAndIngest: SampleHistoryCommands {
        @Test("ingest is idempotent: the same run twice is one run")
        func ingestIdempotent() async throws {
            let out = try temporaryDirectory()
            await #expect(try ingest(out, 1).status == 0)
            let again = try await CLIRunner.run(["ingest", "--out", out, "--run-key", "night-1", night(1)])
            #expect(again.status == 0)
            #expect(again.stdout.contains("already stored"))
            let list = try await CLIRunner.run(["report", "--list", "--out", out])
            #expect(list.stdout.split(separator: "\n").count == 1)
        }

        @Test("run writes summary, dashboard and report; a failing gate exits 1 and is named")
        func runWritesArtifacts() async throws {
            let out = try temporaryDirectory()
            for number in 1...12 { await #expect(try ingest(out, number).status == 0) }
            let result = try await CLIRunner.run(
                [
                    "run", "--out", out, "--run-key", "night-13", "--commit", "c13", "--branch", "main", "--started-at",
                    "2026-11-13T02:00:00Z", night(13),
                ])
            #expect(result.status == 1)
            #expect(result.stdout.contains("GATE FAILED: no new failures"))
            #expect(result.stdout.contains("AppUITests.SettingsTests/testDarkModeToggle"))
            for file in ["summary.md", "comment.md", "site/index.html", "report.json", "insights.json"] {
                #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file) missing")
            }
            let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            #expect(summary.contains("testDarkModeToggle"))
            // The pull-request comment starts with the marker a job finds it by; the summary does not.
            let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
            #expect(comment.hasPrefix("<!-- canopy:comment -->\n") && !summary.contains("canopy:comment"))
            // Night 13 has one audit error, as night 12 (another one): the tile compares with the baseline.
            let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
            let tile = try #require(page.range(of: "<span class=\"kpi-label\">Audit errors</span>"))
            let change = page[tile.upperBound...].prefix(200)
            #expect(
                change.contains(
                    "<span class=\"kpi-value\">1</span><span class=\"kpi-change neutral\"><small>no change</small>"),
                "\(change)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))
                    as? [String: Any])
            #expect(report["schema"] as? String == "canopy.report/3")
        }

        @Test("a bad input stores nothing and exits 2")
        func badInputStoresNothing() async throws {
            let out = try temporaryDirectory()
            let result = try await CLIRunner.run([
                "run", "--out", out, night(1), CLIRunner.fixture("junit/truncated.xml"),
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains("truncated.xml:6:"))
            #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
        }

        @Test("a store URL's password never appears in output")
        func passwordRedacted() async throws {
            let out = try temporaryDirectory()
            let result = try await CLIRunner.run([
                "ingest", "--out", out, "--store", "postgres://canopy:s3cr3t-pw@127.0.0.1:1/nowhere?outage_window=1",
                night(1),
            ])
            #expect(result.status == 2)
            #expect(!result.stderr.contains("s3cr3t-pw"))
            #expect(!result.stdout.contains("s3cr3t-pw"))
        }
    }
}
