import CanopyBundleFixtures
import Foundation
import Testing

/// `canopy run --attachments`, `attachments.scope`, and where the summary's screenshot marks
/// point (`CANOPY_DASHBOARD_URL`, `output.dashboardURL`, the CI build), end to end on generated bundles.
@Suite("canopy run: whose attachments, and links to them")
struct AttachmentScopeCommandTests {
    private func bundle(_ spec: XCResultBundleSpec) throws -> String {
        try XCResultBundleWriter.write(spec, to: CLIRunner.temporaryDirectory() + "/Tests.xcresult")
    }

    private func attachmentFiles(_ out: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out + "/site/attachments")) ?? []).sorted()
    }

    @Test("--attachments all writes a passing test's screenshot too, and the page shows it under the test")
    func all() async throws {
        let path = try bundle(XCResultBundleSamples.passingScreenshot)
        let failing = try CLIRunner.temporaryDirectory()
        #expect(try await CLIRunner.run(["run", "--out", failing, "--branch", "main", path]).status == 1)
        // Red and green screenshots and a text file, as without the passing test's screenshot.
        #expect(attachmentFiles(failing).count == 3, "\(attachmentFiles(failing))")
        #expect(!(try String(contentsOfFile: failing + "/site/index.html", encoding: .utf8)).contains("Signed out"))

        let all = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", all, "--branch", "main", "--attachments", "all", path])
        #expect(result.status == 1, "\(result.stderr)")
        let files = attachmentFiles(all)
        #expect(files.count == 4, "\(files)")
        #expect(Set(attachmentFiles(failing)).isSubset(of: Set(files)))
        let page = try String(contentsOfFile: all + "/site/index.html", encoding: .utf8)
        #expect(page.contains("Signed out"), "the passing test's attempt carries its screenshot on the page")
        #expect(page.contains("Tap \\\"Login.Logout\\\" Button"), "with the steps it was taken in")
        // The same verdicts: attachments change nothing but the files beside the page.
        let summaryAll = try String(contentsOfFile: all + "/summary.md", encoding: .utf8)
        #expect(
            summaryAll.contains("4 new failures") || summaryAll.contains("New failures (4)"),
            "\(summaryAll.prefix(800))")
    }

    @Test("attachments.scope in the config does what the flag does; --attachments none writes none")
    func configAndNone() async throws {
        let path = try bundle(XCResultBundleSamples.passingScreenshot)
        let directory = try CLIRunner.temporaryDirectory()
        let config = directory + "/canopy.yml"
        try Data("attachments:\n  scope: all\n".utf8).write(to: URL(fileURLWithPath: config))
        let out = directory + "/out"
        #expect(
            try await CLIRunner.run(["run", "--out", out, "--branch", "main", "--config", config, path]).status == 1)
        #expect(attachmentFiles(out).count == 4, "\(attachmentFiles(out))")

        let none = directory + "/none"
        #expect(
            try await CLIRunner.run([
                "run", "--out", none, "--branch", "main", "--config", config, "--attachments", "none", path,
            ]).status == 1)
        #expect(attachmentFiles(none).isEmpty, "the flag wins over the config")
        let summary = try String(contentsOfFile: none + "/summary.md", encoding: .utf8)
        #expect(!summary.contains("📷"))

        let bad = try await CLIRunner.run(["run", "--out", directory + "/bad", "--attachments", "passing", path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--attachments"), "\(bad.stderr)")
    }

    /// The podcast failure's marks, in the summary and in the comment.
    private func podcastLines(_ out: String) throws -> [Substring] {
        try ["summary.md", "comment.md"].map { name in
            let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
            let start = try #require(
                text.range(of: "- ❌ <code>AppUITests.PodcastTests/testOpenEpisode"), "\(name): \(text.prefix(1500))")
            return text[start.lowerBound...].prefix { $0 != "\n" }
        }
    }

    @Test("CANOPY_DASHBOARD_URL or output.dashboardURL: the marks open the failing test on the published page")
    func dashboardURL() async throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let page = "https://example.github.io/app/runs/7/"
        let anchor = page + "#test=AppUITests.PodcastTests%2FtestOpenEpisode%40iPhone%2016%20Pro%20%2818.2%29"
        let variable = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(
            ["run", "--out", variable, "--branch", "main", path], environment: ["CANOPY_DASHBOARD_URL": page])
        #expect(result.status == 1, "\(result.stderr)")
        for line in try podcastLines(variable) { #expect(line.contains("· [📷 1](\(anchor))"), "\(line)") }
        let summary = try String(contentsOfFile: variable + "/summary.md", encoding: .utf8)
        #expect(summary.contains("[full dashboard](\(page))"))

        let configured = try CLIRunner.temporaryDirectory()
        let config = configured + "/canopy.yml"
        try Data("output:\n  dashboardURL: \(page)\n".utf8).write(to: URL(fileURLWithPath: config))
        #expect(
            try await CLIRunner.run(["run", "--out", configured + "/out", "--branch", "main", "--config", config, path])
                .status == 1)
        for line in try podcastLines(configured + "/out") { #expect(line.contains("· [📷 1](\(anchor))"), "\(line)") }
    }

    @Test("on GitHub Actions with no URL given, the marks link the workflow run, whose artifacts hold the page")
    func githubRun() async throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let out = try CLIRunner.temporaryDirectory()
        let environment = [
            "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "example/app",
            "GITHUB_RUN_ID": "9182736450", "GITHUB_SHA": "4f2c9e1b7a30", "GITHUB_REF_NAME": "main",
        ]
        let result = try await CLIRunner.run(
            ["run", "--out", out, "--annotations", "none", path], environment: environment)
        #expect(result.status == 1, "\(result.stderr)")
        for line in try podcastLines(out) {
            #expect(line.contains("· [📷 1](https://github.com/example/app/actions/runs/9182736450)"), "\(line)")
        }
    }

    @Test("a dashboard URL that is not http(s) is a usage error before anything is stored")
    func badURL() async throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let out = try CLIRunner.temporaryDirectory()
        for bad in ["Reports/site/index.html", "javascript:alert(1)"] {
            let variable = try await CLIRunner.run(
                ["run", "--out", out, path], environment: ["CANOPY_DASHBOARD_URL": bad])
            #expect(variable.status == 2)
            #expect(
                variable.stderr.contains(
                    "CANOPY_DASHBOARD_URL must be the http(s) URL where site/index.html is published, not '\(bad)'"),
                "\(variable.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }
}
