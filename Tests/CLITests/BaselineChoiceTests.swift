import Foundation
import Testing

/// Which run a run is compared with: a re-run of a failed job and a second push to a pull request
/// must not turn the new-failures gate green by comparing the run with its own earlier attempt.
/// Night 13 of the sample history breaks `SettingsTests/testDarkModeToggle`, which passes on night 12.
@Suite("canopy run: the baseline is the target branch for a pull request, another commit otherwise", .serialized)
struct BaselineChoiceTests {
    private func ingest(_ out: String, night: Int, key: String, commit: String) async throws {
        let result = try await CLIRunner.run(
            [
                "ingest", "--quiet", "--out", out, "--run-key", key, "--commit", commit, "--branch", "main",
                CLIRunner.night(night),
            ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// `canopy run` on night 13 as GitHub Actions runs it for a pull request from `feature/x` into main.
    private func pullRequestRun(_ out: String, sha: String, runID: String, attempt: Int) async throws
        -> CLIRunner.Result
    {
        try await CLIRunner.run(
            ["run", "--out", out, "--annotations", "none", CLIRunner.night(13)],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": runID, "GITHUB_RUN_ATTEMPT": "\(attempt)",
                "GITHUB_JOB": "ui",
                "GITHUB_SHA": sha, "GITHUB_REF": "refs/pull/5/merge", "GITHUB_HEAD_REF": "feature/x",
                "GITHUB_BASE_REF": "main",
            ])
    }

    /// A misspelt `--base-branch`, or a target branch with no run yet, fell back silently.
    @Test("a target branch with no run says so, and what the run was compared with instead")
    func targetBranchWithoutRuns() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await ingest(out, night: 12, key: "main-12", commit: "c12")
        let none = try await CLIRunner.run([
            "check", "--out", out, "--branch", "feature/x", "--commit", "p1", "--base-branch", "mian",
            CLIRunner.night(13),
        ])
        #expect(none.stdout.contains("note: the target branch 'mian' has no run before this one in"), "\(none.stdout)")
        #expect(none.stdout.contains("so there is no baseline"), "\(none.stdout)")
        let right = try await CLIRunner.run([
            "check", "--out", out, "--branch", "feature/x", "--commit", "p1", "--base-branch", "main",
            CLIRunner.night(13),
        ])
        #expect(!right.stdout.contains("note: the target branch"), "\(right.stdout)")
        let own = try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--commit", "c13", "--base-branch", "release", CLIRunner.night(13),
        ])
        #expect(own.stdout.contains("note: the target branch 'release' has no run before this one in"), "\(own.stdout)")
        #expect(own.stdout.contains("compared with c12 of the run's own branch instead"), "\(own.stdout)")
    }

    @Test("a pull request: the first run, its re-run and the next push are all compared with main")
    func pullRequest() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await ingest(out, night: 12, key: "main-12", commit: "c12")
        for (sha, runID, attempt) in [("p1", "7", 1), ("p1", "7", 2), ("p2", "8", 1)] {
            let result = try await pullRequestRun(out, sha: sha, runID: runID, attempt: attempt)
            #expect(result.status == 1, "\(sha) #\(attempt): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("GATE FAILED: no new failures"), "\(result.stdout)")
            #expect(result.stdout.contains("testDarkModeToggle"))
        }
        // The summary names the baseline with its branch.
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("compared with <code>main@c12</code>"), "\(summary.prefix(600))")
        // `check` chooses the same way, from the flag as from the CI.
        let check = try await CLIRunner.run(
            [
                "check", "--out", out, "--branch", "feature/x", "--commit", "p3", "--base-branch", "main",
                CLIRunner.night(13),
            ])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("against main@c12"), "\(check.stdout)")
        // `report` of the stored second push compares it with main as `run` did: the branch a
        // run's request targets is stored with it.
        let list = try await CLIRunner.run(["report", "--list", "--out", out]).stdout
        let pushKey = try #require(
            list.split(separator: "\n").first { $0.contains("\tp2") }?.split(separator: "\t").first)
        let report = try await CLIRunner.run(["report", "--out", out, "--run", String(pushKey)])
        #expect(report.status == 0, "\(report.stderr)")
        let stored = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(stored.contains("compared with <code>main@c12</code>"), "\(stored.prefix(600))")
        #expect(stored.contains("### ❌ New failures (1)"), "\(stored.prefix(1200))")
        #expect(stored.contains("- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code>\n"))
        // Control: once main itself has the failure, the pull request's failure is not new.
        try await ingest(out, night: 13, key: "main-13", commit: "c13")
        let after = try await pullRequestRun(out, sha: "p4", runID: "9", attempt: 1)
        #expect(after.stdout.contains("gate passed: no new failures"), "\(after.stdout)\(after.stderr)")
    }

    @Test("a re-run of a commit on its own branch is compared with the commit before, not with its first attempt")
    func rerunOnTheSameBranch() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await ingest(out, night: 12, key: "main-12", commit: "c12")
        for key in ["main-13", "main-13-rerun"] {
            let result = try await CLIRunner.run(
                ["run", "--out", out, "--run-key", key, "--commit", "c13", "--branch", "main", CLIRunner.night(13)])
            #expect(result.status == 1, "\(key): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("GATE FAILED: no new failures"), "\(key): \(result.stdout)")
        }
        // Control: the next commit is compared with c13's run, which failed the same way.
        let next = try await CLIRunner.run([
            "run", "--out", out, "--run-key", "main-14", "--commit", "c14", "--branch", "main", CLIRunner.night(13),
        ])
        #expect(next.stdout.contains("gate passed: no new failures"), "\(next.stdout)\(next.stderr)")
    }

    @Test("two legs of a matrix job are two runs: the second is not 'already stored'")
    func matrixLegs() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let environment = [
            "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "11", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_JOB": "ui",
            "GITHUB_SHA": "m1",
            "GITHUB_REF_NAME": "main",
        ]
        var keys: [String] = []
        for night in [12, 13, 13] {
            let result = try await CLIRunner.run(
                ["ingest", "--out", out, CLIRunner.night(night)], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            keys.append(result.stdout)
        }
        #expect(keys[0].hasPrefix("stored run github:11:ui#1:"), "\(keys[0])")
        #expect(keys[1].hasPrefix("stored run github:11:ui#1:"), "\(keys[1])")
        // The same leg uploaded again is still one run.
        #expect(keys[2].hasPrefix("already stored"), "\(keys[2])")
        let list = try await CLIRunner.run(["report", "--list", "--out", out]).stdout
        #expect(list.split(separator: "\n").filter { $0.contains("github:11:ui#1:") }.count == 2, "\(list)")
    }
}
