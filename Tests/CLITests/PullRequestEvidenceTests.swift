import Foundation
import Testing

/// The issue's pull request: main's nights 1–13 of the sample history are stored, then night 14's
/// results arrive as a GitHub pull request against main, with `testLogin` newly failing to tap
/// `Login.Submit` and the sample app's sources (`Reports/samples/app`).
@Suite("canopy run: a new failure's evidence of cause in the pull request's comment", .serialized)
struct PullRequestEvidenceTests {
    static let loginFailure =
        "LoginTests.swift:26 - Failed to tap &quot;Login.Submit&quot; Button: No matches found for first query "
        + "match sequence: `Descendants matching type Button` -&gt; `Elements matching predicate "
        + "&apos;&quot;Login.Submit&quot; IN identifiers&apos;`, given input App element pid: 40187"

    /// Night 14 with `testLogin` failing on `Login.Submit`, in a directory of its own.
    static func nightWithLoginFailing() throws -> String {
        let copy = try CLIRunner.temporaryDirectory() + "/night-14"
        try FileManager.default.copyItem(atPath: CLIRunner.night(14), toPath: copy)
        let file = copy + "/junit-appuitests.xml"
        let passing = #"<testcase classname="AppUITests.LoginTests" name="testLogin()" time="4.491"/>"#
        let xml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(xml.contains(passing))
        try xml.replacingOccurrences(
            of: passing,
            with: #"<testcase classname="AppUITests.LoginTests" name="testLogin()" time="4.491">"#
                + "<failure message=\"\(loginFailure)\"/></testcase>"
        ).write(toFile: file, atomically: true, encoding: .utf8)
        return copy
    }

    /// Stores main's nights `1...last` (`Reports/samples/nights.tsv`) in `out`.
    static func storeMain(through last: Int, out: String) async throws {
        let config = CLIRunner.repository.appendingPathComponent("Reports/samples/canopy.yml").path
        let table = try String(
            contentsOf: CLIRunner.repository.appendingPathComponent("Reports/samples/nights.tsv"), encoding: .utf8)
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 3, let night = Int(fields[0].dropFirst("night-".count)), night <= last else {
                continue
            }
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--config", config, "--out", out, "--run-key", "nightly-\(fields[1].prefix(10))",
                "--commit", fields[2], "--branch", "main", "--started-at", fields[1], CLIRunner.night(night),
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// GitHub Actions' variables for pull request 42 onto main; `workspace` is the checkout.
    static func pullRequest(workspace: String) -> [String: String] {
        [
            "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "9182736450", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_JOB": "ui",
            "GITHUB_SHA": "4f9a3edac6bd2ab139f7429d34c6ede6e8ad3798", "GITHUB_REF": "refs/pull/42/merge",
            "GITHUB_HEAD_REF": "feature/login", "GITHUB_BASE_REF": "main", "GITHUB_REPOSITORY": "example/podcasts",
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_WORKSPACE": workspace,
        ]
    }

    /// `canopy run` of the pull request with `arguments` after the inputs; its comment.
    static func comment(out: String, night: String, workspace: String, _ arguments: [String]) async throws -> String {
        let config = CLIRunner.repository.appendingPathComponent("Reports/samples/canopy.yml").path
        let result = try await CLIRunner.run(
            [
                "run", "--config", config, "--out", out, "--annotations", "none", "--started-at",
                "2026-11-21T12:00:00Z", night,
            ] + arguments, environment: pullRequest(workspace: workspace))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        return try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
    }

    @Test("the new failure says it passes on main and that the pull request changes the file declaring its element")
    func changedFileGiven() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await Self.storeMain(through: 13, out: out)
        let source = CLIRunner.repository.appendingPathComponent("Reports/samples/app").path
        let comment = try await Self.comment(
            out: out, night: try Self.nightWithLoginFailing(), workspace: CLIRunner.repository.path,
            ["--source", source, "--changed", "Podcasts/Login/LoginViewController.swift"])
        let item = try #require(comment.range(of: "- ❌ <code>AppUITests.LoginTests/testLogin</code>"))
        let evidence = try #require(
            comment.range(of: "  - passes on <code>main</code> in the last 13 runs (since <code>ea2d9284</code>)"),
            "\(comment)")
        let changes = try #require(
            comment.range(
                of: "this pull request changes [Podcasts/Login/LoginViewController.swift](https://github.com/"
                    + "example/podcasts/blob/4f9a3edac6bd2ab139f7429d34c6ede6e8ad3798/Reports/samples/app/Podcasts/"
                    + "Login/LoginViewController.swift#L40), which declares <code>Login.Submit</code>"),
            "\(comment)")
        #expect(item.upperBound < evidence.lowerBound && evidence.upperBound < changes.lowerBound)
        // The summary says the same, from the same value.
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("which declares <code>Login.Submit</code>"), "\(summary)")
    }

    @Test("without --changed, a pull request's changed files come from git diff against its target branch")
    func changedFilesFromGit() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await Self.storeMain(through: 13, out: out)
        let checkout = try CLIRunner.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CLIRunner.repository.appendingPathComponent("Reports/samples/app").path,
            toPath: checkout + "/app")
        func git(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["git", "-C", checkout, "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        try git(["init", "-q", "-b", "main"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "app"])
        try git(["checkout", "-q", "-b", "feature/login"])
        let changed = checkout + "/app/Podcasts/Login/LoginViewController.swift"
        try (String(contentsOfFile: changed, encoding: .utf8) + "// A change.\n").write(
            toFile: changed, atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "change the login screen"])
        let comment = try await Self.comment(
            out: out, night: try Self.nightWithLoginFailing(), workspace: checkout, ["--source", checkout + "/app"])
        #expect(comment.contains("this pull request changes "), "\(comment)")
        #expect(comment.contains("LoginViewController.swift#L40), which declares <code>Login.Submit</code>"))

        // A checkout without the target branch: the line is left out, nothing fails.
        try git(["branch", "-q", "-D", "main"])
        let again = try CLIRunner.temporaryDirectory()
        try await Self.storeMain(through: 13, out: again)
        let without = try await Self.comment(
            out: again, night: try Self.nightWithLoginFailing(), workspace: checkout, ["--source", checkout + "/app"])
        #expect(!without.contains("this pull request changes"), "\(without)")
        #expect(without.contains("passes on <code>main</code> in the last 13 runs"))
    }
}
