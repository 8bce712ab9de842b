import Foundation
import Testing

/// What `canopy run` checks before it stores a run, and what it does not let a side channel undo.
@Suite("canopy run: nothing stored on a usage error; notes instead of failures once stored", .serialized)
struct RunSafetyTests {
    private func storedKeys(_ out: String) async throws -> [Substring] {
        try await CLIRunner.run(["report", "--list", "--out", out]).stdout.split(separator: "\n")
    }

    private func ingestNight12(_ out: String) async throws {
        let result = try await CLIRunner.run(
            [
                "ingest", "--quiet", "--out", out, "--run-key", "night-12", "--commit", "c12", "--branch", "main",
                CLIRunner.night(12),
            ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("an unknown --baseline is exit 2 before the run is stored")
    func unknownBaseline() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await ingestNight12(out)
        let result = try await CLIRunner.run(
            [
                "run", "--quiet", "--out", out, "--run-key", "pr-1", "--branch", "main", "--baseline", "nosuch",
                CLIRunner.night(13),
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no stored run has the key 'nosuch'"), "\(result.stderr)")
        await #expect(!(try storedKeys(out)).contains { $0.contains("pr-1") })
    }

    @Test("an --out that cannot be written is exit 2 before the run is stored")
    func unwritableOutput() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = directory + "/history.sqlite"
        let file = directory + "/not-a-directory"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "run", "--quiet", "--store", store, "--out", file + "/out", "--run-key", "r1", CLIRunner.night(13),
        ])
        #expect(result.status == 2)
        // It says what is wrong and what to do, not Foundation's "the operation could not be completed".
        #expect(
            result.stderr.contains("not-a-directory is a file, not a directory; give --out a directory"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("an output file that cannot be replaced (a directory of that name) is exit 2 before the run is stored")
    func outputFileIsADirectory() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: out + "/summary.md", withIntermediateDirectories: true)
        let result = try await CLIRunner.run([
            "run", "--quiet", "--out", out, "--run-key", "blocked", CLIRunner.night(13),
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("summary.md: error: cannot write: it is a directory"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: out + "/report.json"))
    }

    /// `canopy run --out build/canopy build/`: the second run finds the first one's report.json,
    /// insights.json and gl-code-quality.json in the directory it reads, and must not take them
    /// for inputs (an audit file, then a different run key for the same results).
    @Test("outputs of an earlier run under a directory being read are not inputs: the same results are one run")
    func outputsInsideTheInputDirectory() async throws {
        let build = try CLIRunner.temporaryDirectory()
        try FileManager.default.copyItem(atPath: CLIRunner.night(12), toPath: build + "/results")
        let arguments = ["run", "--out", build + "/canopy", "--annotations", "gitlab", "--branch", "main", build]
        // Night 12's failures are new without a baseline: the gate fails (1), nothing else.
        let first = try await CLIRunner.run(arguments)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        let second = try await CLIRunner.run(arguments)
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("was already stored"), "\(second.stdout)")
        #expect(!second.stderr.contains("warning"), "\(second.stderr)")
        // Named on its own, Canopy's own document is refused, saying what it is.
        let named = try await CLIRunner.run(["inspect", build + "/canopy/report.json"])
        #expect(named.status == 2)
        #expect(named.stderr.contains("canopy.report/3"), "\(named.stderr)")
    }

    /// A CI retry under the same hand-made `--run-key` brought other results: they were dropped
    /// with exit 0 ("already stored"), and `run` judged and drew them while history kept the first.
    @Test(
        "a run key already stored with other results: exit 2, the stored run kept, nothing written; the same results again are fine"
    )
    func runKeyWithOtherResults() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let first = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--run-key", "nightly", CLIRunner.night(13),
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let same = try await CLIRunner.run(["ingest", "--out", out, "--run-key", "nightly", CLIRunner.night(13)])
        #expect(same.status == 0 && same.stdout.contains("already stored"), "\(same.stdout)\(same.stderr)")
        for command in ["ingest", "run"] {
            let other = try await CLIRunner.run([command, "--out", out, "--run-key", "nightly", CLIRunner.night(14)])
            #expect(other.status == 2, "\(command): \(other.stdout)\(other.stderr)")
            #expect(other.stderr.contains("run key 'nightly' is already stored with other results"), "\(other.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/report.json"))
        let list = try await CLIRunner.run(["report", "--list", "--out", out])
        #expect(list.stdout.split(separator: "\n").filter { $0.hasPrefix("nightly") }.count == 1, "\(list.stdout)")
    }

    @Test("a file given twice (a directory and a flag naming a file in it) is read once, with a note")
    func sameFileTwice() async throws {
        let junit = CLIRunner.night(14) + "/junit-checkout.xml"
        let once = try await CLIRunner.run(["inspect", "--summary", "--format", "json", junit])
        let twice = try await CLIRunner.run([
            "inspect", "--summary", "--format", "json", junit, "--junit", junit,
            CLIRunner.night(14) + "/../night-14/junit-checkout.xml",
        ])
        #expect(twice.status == 0, "\(twice.stderr)")
        let totals = { (text: String) throws -> [String: Any] in
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return try #require(document?["totals"] as? [String: Any])
        }
        #expect(try totals(twice.stdout)["attempts"] as? Int == totals(once.stdout)["attempts"] as? Int)
        #expect(
            twice.stderr.contains("junit-checkout.xml") && twice.stderr.contains("given more than once"),
            "\(twice.stderr)")
    }

    @Test("a step summary that cannot be appended to is a note: the gates still decide the exit code")
    func stepSummaryNote() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await ingestNight12(out)
        let result = try await CLIRunner.run(
            ["run", "--out", out, "--run-key", "night-13", "--commit", "c13", "--branch", "main", CLIRunner.night(13)],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "5", "GITHUB_JOB": "ui", "GITHUB_REF_NAME": "main",
                "GITHUB_STEP_SUMMARY": out + "/missing/step-summary.md",
            ])
        // Night 13 breaks testDarkModeToggle: the new-failures gate fails (1), not a usage error (2).
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures"))
        #expect(result.stdout.contains("note: ") && result.stdout.contains("step-summary.md"), "\(result.stdout)")
        await #expect((try storedKeys(out)).count == 2)
        // One failing night is not yet "newly broken" (minimumBrokenCommits is 2 by default).
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(
            summary.contains(
                "<code>AppUITests.<wbr>SettingsTests/<wbr>testDarkModeToggle</code> | ❌ failing, not yet confirmed since <code>c13</code>"
            ), "\(summary)")
        #expect(!summary.contains("newly broken"), "\(summary)")
        // A summary file not made yet (a local simulation of the variable) is created, as `>>` would.
        let fresh = out + "/step-summary.md"
        let created = try await CLIRunner.run(
            [
                "run", "-q", "--out", out, "--run-key", "night-13b", "--commit", "c13", "--branch", "main",
                CLIRunner.night(13),
            ],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "6", "GITHUB_STEP_SUMMARY": fresh])
        #expect(created.status == 1, "\(created.stdout)\(created.stderr)")
        #expect(try String(contentsOfFile: fresh, encoding: .utf8).hasPrefix("## "))
    }

    @Test("a quarantined test counts in no gate and gets no annotation, even without a baseline")
    func quarantineEverywhere() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let config = out + "/q.yml"
        try """
        gates:
          maximumNewAuditErrors: 10
          maximumFailuresPerCategory:
            assertion: 0
        quarantine:
          - test: "AppUITests.SettingsTests/testDarkModeToggle"
            reason: dark mode rework
            expires: 2999-01-01
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let check = try await CLIRunner.run([
            "check", "--out", out, "--config", config, "--branch", "feature/y", CLIRunner.night(13),
        ])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("gate passed: failures caused by assertion"), "\(check.stdout)")
        let run = try await CLIRunner.run(
            [
                "run", "--out", out, "--config", config, "--branch", "feature/y", "--run-key", "q-1",
                CLIRunner.night(13),
            ],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(
            !run.stdout.split(separator: "\n").contains { $0.hasPrefix("::") && $0.contains("testDarkModeToggle") },
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "note: 1 failing test(s) are quarantined and not counted as new failures: AppUITests.SettingsTests/testDarkModeToggle"
            ))
        // Nor is it listed among the summary's new failures, which are the gate's.
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(!Self.newFailuresSection(summary).contains("testDarkModeToggle"), "\(summary.prefix(1500))")
        // Without the quarantine the same failure is annotated: the check above can fail.
        let plain = try await CLIRunner.run(
            ["run", "--out", out, "--branch", "feature/z", "--run-key", "q-2", CLIRunner.night(13)],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(
            plain.stdout.split(separator: "\n").contains {
                $0.hasPrefix("::error") && $0.contains("testDarkModeToggle")
            }, "\(plain.stdout)")
        let plainSummary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(Self.newFailuresSection(plainSummary).contains("testDarkModeToggle"), "\(plainSummary.prefix(1500))")
    }

    /// The summary's "New failures" section, up to the next section.
    static func newFailuresSection(_ summary: String) -> Substring {
        guard let start = summary.range(of: "New failures") else { return "" }
        let rest = summary[start.upperBound...]
        return rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)]
    }
}
