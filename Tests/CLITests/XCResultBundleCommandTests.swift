import CanopyBundleFixtures
import Foundation
import Testing

@Suite("canopy on .xcresult bundles (end to end)")
struct XCResultBundleCommandTests {
    private func bundle(_ spec: XCResultBundleSpec, name: String = "Tests.xcresult") throws -> String {
        try XCResultBundleWriter.write(spec, to: CLIRunner.temporaryDirectory() + "/" + name)
    }

    @Test("inspect reads a bundle: tests, attempts and failures")
    func inspect() async throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let result = try await CLIRunner.run(["inspect", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["tests"] as? Int == 17)
        #expect(totals["passedOnRetry"] as? Int == 1)
        #expect((object["files"] as? [[String: Any]])?.first?["format"] as? String == "xcresult-bundle")
    }

    @Test("run on a bundle writes the summary and the page, and a directory finds the bundle")
    func run() async throws {
        let path = try bundle(XCResultBundleSamples.twoDevices)
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", out, "--branch", "main", path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures — 4 new failing test(s)"), "\(result.stdout)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("testLogin"))
        #expect(FileManager.default.fileExists(atPath: out + "/site/index.html"))
        let parent = (path as NSString).deletingLastPathComponent
        let inDirectory = try await CLIRunner.run(["inspect", "--summary", "--format", "json", parent])
        #expect(inDirectory.status == 0, "\(inDirectory.stderr)")
        #expect(inDirectory.stdout.contains("xcresult-bundle"))
    }

    @Test("a bundle whose build failed: exit 2 with its build issues, nothing stored")
    func buildFailure() async throws {
        let path = try bundle(XCResultBundleSamples.buildFailure)
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", out, path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Tests.xcresult: error: the build failed"), "\(result.stderr)")
        #expect(result.stderr.contains("Cannot find 'LoginView' in scope"))
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    /// A bundle copied without its `Data/` keeps its tests: the failing test fails the gate
    /// (exit 1, never 2 for the attachments), and one warning says the attachments are missing.
    @Test("--attachments all on a bundle without Data/: the tests are read, the attachments noted missing")
    func bundleWithoutData() async throws {
        let path = try bundle(XCResultBundleSamples.attachment(payloadId: nil))
        try FileManager.default.removeItem(atPath: path + "/Data")
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", out, "--branch", "main", "--attachments", "all", path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures — 1 new failing test(s)"), "\(result.stdout)")
        #expect(
            (result.stdout + result.stderr).contains("1 attachment(s) could not be read"),
            "\(result.stdout)\(result.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("testA"))
    }

    /// A payload cut short (a copy interrupted) is evidence lost, not a refused run: the gate
    /// judges the tests and a note says which attachment could not be read.
    @Test("--attachments all on a bundle with a damaged payload: the tests judged, the attachment noted")
    func damagedPayload() async throws {
        let path = try bundle(XCResultBundleSamples.attachment(payloadId: nil))
        let data = path + "/Data"
        for name in try FileManager.default.contentsOfDirectory(atPath: data) {
            let file = data + "/" + name
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        }
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", out, "--branch", "main", "--attachments", "all", path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures — 1 new failing test(s)"), "\(result.stdout)")
        #expect(
            (result.stdout + result.stderr).contains("1 attachment(s) could not be read and are left out"),
            "\(result.stdout)\(result.stderr)")
    }

    @Test("a bundle without database.sqlite3: exit 2 with the command that writes it")
    func missingDatabase() async throws {
        let path = try bundle(XCResultBundleSamples.withoutDatabase, name: "UITests.xcresult")
        let result = try await CLIRunner.run(["inspect", path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("xcrun xcresulttool get test-results summary --path UITests.xcresult"),
            "\(result.stderr)")
    }
}
