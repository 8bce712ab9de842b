import CanopyBundleFixtures
import Foundation
import Testing

@Suite("canopy run on a bundle: the page in a browser")
struct XCResultBundlePageTests {
    /// Chromium as the renderer's browser tests find it (`CANOPY_TEST_CHROMIUM`, else on PATH).
    static let chromium: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CANOPY_TEST_CHROMIUM"], !path.isEmpty { return path }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    static let noChromium = Comment(
        rawValue: "no headless Chromium: set CANOPY_TEST_CHROMIUM or install `chromium` (.ci/install-deps chromium)")

    /// `canopy run` on the two-device bundle into a fresh `--out`.
    private func runOnBundle() async throws -> String {
        let path = try XCResultBundleWriter.write(
            XCResultBundleSamples.twoDevices, to: CLIRunner.temporaryDirectory() + "/Tests.xcresult")
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", out, "--branch", "main", path])
        #expect(result.status == 1, "\(result.stderr)")
        return out
    }

    @Test("attachments are written once each beside the page, and the summary marks the failures that have screenshots")
    func stepsAndScreenshots() async throws {
        let out = try await runOnBundle()
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
        #expect(podcast.contains(" · 📷 1"), "\(podcast)")
        // Its message names no element: the step before it (`Tap "Podcast-42-row" Cell`) does.
        #expect(
            podcast.contains(
                "element <code>Podcast-{id}-row</code> (written <code>Podcast-42-row</code>; found in the steps before the failure)"
            ),
            "\(podcast)")
        #expect(page.contains("(found in the steps before the failure)"))
        #expect(summary.contains("📷 N: the failure's screenshots"))
    }

    @Test(
        "opened from disk in headless Chromium, a failing attempt shows its steps and screenshot, within the CSP, loading nothing from the network",
        .enabled(if: chromium != nil, noChromium))
    func stepsAndScreenshotInChromium() async throws {
        let out = try await runOnBundle()
        let verdict = try Self.selfTest(out + "/site/index.html", out: out)
        let checks = try #require(verdict["checks"] as? [String: Bool], "\(verdict)")
        #expect(checks["testOpens"] == true, "\(verdict)")
        #expect(checks["stepsShown"] == true, "\(verdict)")
        // Set only when the page has thumbnails: every one decoded (from `attachments/`, beside it).
        #expect(checks["thumbnailsLoad"] == true, "\(verdict)")
        #expect((verdict["violations"] as? [Any])?.isEmpty ?? true, "CSP violations: \(verdict)")
        #expect((verdict["errors"] as? [Any])?.isEmpty ?? true, "console errors: \(verdict)")
        let resources = (verdict["resources"] as? [String]) ?? []
        #expect(resources.allSatisfy { $0.hasPrefix("file://") }, "\(resources)")
    }

    /// The check above must fail when the screenshot does not show: the same page with images
    /// forbidden by its CSP, and with the screenshot files gone.
    @Test(
        "the browser check fails when the screenshot is blocked or missing", .enabled(if: chromium != nil, noChromium))
    func blockedScreenshotIsCaught() async throws {
        let out = try await runOnBundle()
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        let policy = "img-src data: 'self' file:;"
        #expect(page.contains(policy))
        let blocked = out + "/site/blocked.html"
        try Data(page.replacingOccurrences(of: policy, with: "img-src 'none';").utf8).write(
            to: URL(fileURLWithPath: blocked))
        let verdict = try Self.selfTest(blocked, out: out)
        let checks = try #require(verdict["checks"] as? [String: Bool], "\(verdict)")
        #expect(checks["stepsShown"] == true, "\(verdict)")
        #expect(checks["thumbnailsLoad"] == false, "\(verdict)")
        let violations = (verdict["violations"] as? [String]) ?? []
        #expect(violations.contains { $0.hasPrefix("img-src") }, "\(verdict)")

        try FileManager.default.removeItem(atPath: out + "/site/attachments")
        let missing = try Self.selfTest(out + "/site/index.html", out: out)
        #expect((missing["checks"] as? [String: Bool])?["thumbnailsLoad"] == false, "\(missing)")
    }

    /// The page's self-test verdict (`#canopy-selftest`), the page opened from disk.
    static func selfTest(_ page: String, out: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium ?? "chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions",
            "--user-data-dir=\(out)/profile-\(UUID().uuidString)", "--virtual-time-budget=5000", "--dump-dom",
            URL(fileURLWithPath: page).absoluteString + "#canopy-selftest",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let verdict = try #require(
            dom.range(of: "<pre id=\"canopy-selftest\" aria-hidden=\"true\">").map {
                dom[$0.upperBound...].prefix { $0 != "<" }
            })
        let json = verdict.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
