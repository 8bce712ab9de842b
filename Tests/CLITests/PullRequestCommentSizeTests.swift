import Foundation
import Testing

/// The pull-request comment's size: the issue's pull request (`PullRequestEvidenceTests`), a
/// request whose results equal its target's latest run, and a run of 5,000 hostile failures.
@Suite("canopy run: the pull-request comment fits a screenful", .serialized)
struct PullRequestCommentSizeTests {
    @Test("night 14 as a pull request with testLogin newly failing: ≤ 3,500 bytes, the evidence in the first 1,200")
    func issueScenario() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await PullRequestEvidenceTests.storeMain(through: 13, out: out)
        let source = CLIRunner.repository.appendingPathComponent("Reports/samples/app").path
        let comment = try await PullRequestEvidenceTests.comment(
            out: out, night: try PullRequestEvidenceTests.nightWithLoginFailing(),
            workspace: CLIRunner.repository.path,
            ["--source", source, "--changed", "Podcasts/Login/LoginViewController.swift"])
        #expect(comment.utf8.count <= 3_500, "comment.md is \(comment.utf8.count) bytes:\n\(comment)")
        // With GitHub links: the failure's line and the changed file's declaration.
        #expect(comment.contains("](https://github.com/example/podcasts/blob/"))
        let first = String(decoding: Array(comment.utf8.prefix(1_200)), as: UTF8.self)
        #expect(first.contains("<code>AppUITests.LoginTests/testLogin</code>"), "\(first)")
        #expect(
            first.contains("this pull request changes [Podcasts/Login/LoginViewController.swift](https://github.com/"),
            "\(first)")
        #expect(first.contains("which declares <code>Login.Submit</code>"), "\(first)")
        // The summary keeps what the comment leaves out: every slower test, the flaky table.
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("| score | test | state |"))
        #expect(comment.contains("🐢 Slower tests (10)") && summary.contains("🐢 Slower than usual (10)"))
    }

    @Test("a pull request whose results equal its target's latest run: ≤ 1,500 bytes, no slower tests")
    func sameAsTarget() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await PullRequestEvidenceTests.storeMain(through: 13, out: out)
        let config = CLIRunner.repository.appendingPathComponent("Reports/samples/canopy.yml").path
        let result = try await CLIRunner.run(
            [
                "run", "--config", config, "--out", out, "--annotations", "none", "--started-at",
                "2026-11-21T12:00:00Z", CLIRunner.night(13), "--source",
                CLIRunner.repository.appendingPathComponent("Reports/samples/app").path,
            ], environment: PullRequestEvidenceTests.pullRequest(workspace: CLIRunner.repository.path))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        #expect(comment.utf8.count <= 1_500, "comment.md is \(comment.utf8.count) bytes:\n\(comment)")
        #expect(!comment.contains("Slower"), "\(comment)")
        #expect(!comment.contains("### ❌ New failures"))
    }

    @Test("5,000 failures with hostile names: the comment stays within 10 KB, the rest counted and linked")
    func fiveThousandHostileFailures() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let hostile = [
            "`|<script>alert(1)</script>", "@everyone #1 :tada:", "\u{202E}evil", String(repeating: "ü", count: 3_000),
            "[x](javascript:alert(1))", "<details><summary>",
        ]
        var xml = "<?xml version='1.0'?><testsuites><testsuite name='AppUITests'>"
        for index in 0..<5_000 {
            let name = hostile[index % hostile.count] + "\(index)"
            let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "'", with: "&apos;")
            xml +=
                "<testcase classname='AppUITests.Hostile\(index % 7)' name='\(escaped)' time='1'>"
                + "<failure message='\(escaped) failed: \(String(repeating: "x", count: 400))'/></testcase>"
        }
        xml += "</testsuite></testsuites>"
        let file = out + "/junit.xml"
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            ["run", "--quiet", "--out", out, "--annotations", "none", "--run-key", "hostile", file],
            environment: [
                "CANOPY_DASHBOARD_URL": "https://ci.example.com/canopy/index.html",
                "GITHUB_REPOSITORY": "example/podcasts", "GITHUB_SERVER_URL": "https://github.com",
            ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        #expect(comment.utf8.count <= 10_000, "comment.md is \(comment.utf8.count) bytes")
        // Names past the length bound are cut, so some fold together: fewer than 5,000 tests remain.
        #expect(comment.contains(#/Shown: new failures \d+ of [1-9],\d{3}\./#), "\(comment.prefix(2_000))")
        #expect(comment.contains("[full dashboard](https://ci.example.com/canopy/index.html)"))
        #expect(!comment.contains("<script>") && !comment.contains("\u{202E}"))
    }
}
