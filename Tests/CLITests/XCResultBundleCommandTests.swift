import CanopyBundleFixtures
import Foundation
import Testing

@Suite("canopy on .xcresult bundles (end to end)")
struct XCResultBundleCommandTests {
    private func bundle(_ spec: XCResultBundleSpec, name: String = "Tests.xcresult") throws -> String {
        try XCResultBundleWriter.write(spec, to: CLIRunner.temporaryDirectory() + "/" + name)
    }

    @Test("inspect reads a bundle: tests, attempts and failures")
    func inspect() throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let result = try CLIRunner.run(["inspect", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["tests"] as? Int == 17)
        #expect(totals["flaky"] as? Int == 1)
        #expect((object["files"] as? [[String: Any]])?.first?["format"] as? String == "xcresult-bundle")
    }

    @Test("run on a bundle writes the summary and the page, and a directory finds the bundle")
    func run() throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["run", "--out", out, "--branch", "main", path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures — 4 new failing test(s)"), "\(result.stdout)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("testLogin"))
        #expect(FileManager.default.fileExists(atPath: out + "/site/index.html"))
        let parent = (path as NSString).deletingLastPathComponent
        let inDirectory = try CLIRunner.run(["inspect", "--summary", "--format", "json", parent])
        #expect(inDirectory.status == 0, "\(inDirectory.stderr)")
        #expect(inDirectory.stdout.contains("xcresult-bundle"))
    }

    @Test("a bundle whose build failed: exit 2 with its build issues, nothing stored")
    func buildFailure() throws {
        let path = try bundle(XCResultBundleSamples.buildFailure)
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["run", "--out", out, path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Tests.xcresult: error: the build failed"), "\(result.stderr)")
        #expect(result.stderr.contains("Cannot find 'LoginView' in scope"))
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    @Test("a bundle without database.sqlite3: exit 2 with the command that writes it")
    func missingDatabase() throws {
        let path = try bundle(XCResultBundleSamples.withoutDatabase, name: "UITests.xcresult")
        let result = try CLIRunner.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("xcrun xcresulttool get test-results summary --path UITests.xcresult"), "\(result.stderr)")
    }
}

@Suite("canopy run on a bundle: the page in a browser")
struct XCResultBundlePageTests {
    /// Chromium as the renderer's browser tests find it (`CANOPY_TEST_CHROMIUM`, else on PATH).
    static let chromium: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CANOPY_TEST_CHROMIUM"], !path.isEmpty { return path }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test("attachments are written once each beside the page; steps and screenshots show offline, within the CSP")
    func stepsAndScreenshots() throws {
        let path = try XCResultBundleWriter.write(XCResultBundleSamples.twoDevices, to: CLIRunner.temporaryDirectory() + "/Tests.xcresult")
        let out = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(["run", "--out", out, "--branch", "main", path])
        #expect(result.status == 1, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/site/attachments").sorted()
        // Red and green screenshots and one text file; each named by its content.
        #expect(files.count == 3, "\(files)")
        #expect(files.filter { $0.hasSuffix(".png") }.count == 2)
        for file in files where file.hasSuffix(".png") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: out + "/site/attachments/" + file))
            #expect(bytes.count == XCResultBundleWriter.redPNG.count)
        }
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("attachments\\/"))
        // The summary marks the new failures that have screenshots.
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let start = try #require(summary.range(of: "- ❌ <code>AppUITests.PodcastTests/testOpenEpisode"))
        let podcast = summary[start.upperBound...].split(separator: "\n- ").first ?? ""
        #expect(podcast.contains("</code> · 📷 1"), "\(podcast)")
        // Its message names no element: the step before it (`Tap "Podcast-42-row" Cell`) does.
        #expect(
            podcast.contains("element <code>Podcast-{id}-row</code> (written <code>Podcast-42-row</code>; found in the steps before the failure)"),
            "\(podcast)")
        #expect(page.contains("(found in the steps before the failure)"))
        #expect(summary.contains("📷 N: the failure's screenshots"))
        guard let chromium = Self.chromium else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(out)/profile", "--virtual-time-budget=5000", "--dump-dom",
            URL(fileURLWithPath: out + "/site/index.html").absoluteString + "#canopy-selftest",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let verdict = try #require(dom.range(of: "<pre id=\"canopy-selftest\" aria-hidden=\"true\">").map { dom[$0.upperBound...].prefix { $0 != "<" } })
        let json = verdict.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let checks = try #require(object["checks"] as? [String: Bool])
        #expect(checks["stepsShown"] == true, "\(json)")
        #expect(checks["thumbnailsLoad"] == true, "\(json)")
        #expect((object["violations"] as? [Any])?.isEmpty ?? true, "CSP violations: \(json)")
        let resources = (object["resources"] as? [String]) ?? []
        #expect(resources.allSatisfy { $0.hasPrefix("file://") }, "\(resources)")
    }
}
