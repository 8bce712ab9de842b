import Foundation
import Testing

/// `canopy check` on the shapes that once made a real failure look flaky or excused: each must
/// fail the gate (exit 1), and pass (exit 0) only where the rules say a failure is excused.
@Suite("canopy check: no false greens on real producers' shapes", .serialized)
struct VerdictTests {
    private func gates(_ out: String, extra: String = "") throws -> String {
        let path = out + "/gates.yml"
        try ("gates:\n  maximumNewFailures: 0\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `check` without history: every failing test counts.
    private func checkAlone(_ fixture: String) async throws -> CLIRunner.Result {
        let out = try CLIRunner.temporaryDirectory()
        return try await CLIRunner.run([
            "check", "--out", out, "--config", try gates(out), "--store", out + "/history.sqlite", "--branch", "main",
            CLIRunner.fixture(fixture),
        ])
    }

    @Test(
        "each shape with a real failure fails the gate",
        arguments: [
            "junit/unnamed-testcases.xml", "junit/trainer-devices.xml",
            "xcresult/swift-testing-nested-two-bundles.json",
        ])
    func failingShapes(_ fixture: String) async throws {
        let result = try await checkAlone(fixture)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures"), "\(result.stdout)")
    }

    @Test("the failing test of each shape is named under the failed gate")
    func failingTestsNamed() async throws {
        let unnamed = try await checkAlone("junit/unnamed-testcases.xml")
        #expect(
            unnamed.stdout.contains("legacy.SmokeTests/(unnamed testcase 3)")
                && unnamed.stdout.contains("legacy.SmokeTests/(unnamed testcase 4)"), "\(unnamed.stdout)")
        let devices = try await checkAlone("junit/trainer-devices.xml")
        // Two devices, one configuration: the key names the device, not the configuration.
        #expect(
            devices.stdout.contains("SearchAppUITests.SearchTests/testSearchShowsResults@iPhone 16 Pro (18.2)")
                && !devices.stdout.contains("#Default"), "\(devices.stdout)")
        #expect(!devices.stdout.contains("iPad Air"), "\(devices.stdout)")
        let nested = try await checkAlone("xcresult/swift-testing-nested-two-bundles.json")
        #expect(nested.stdout.contains("ParserKitTests.Outer.Inner/works"), "\(nested.stdout)")
        #expect(!nested.stdout.contains("FormatKitTests.Outer.Inner/works"), "\(nested.stdout)")
    }

    // MARK: A known-flaky test that fails for real

    private static let flakeMessage = "CartTests.swift:12 - XCTAssertTrue failed - badge not shown"
    private static let newMessage =
        #"CartTests.swift:40 - Failed to tap "Cart.Checkout" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Cart.Checkout" IN identifiers'`, given input App element pid: 4242"#

    /// A JUnit file of `AppUITests.CartTests` in xcodebuild's retry shape: one `<testcase>` per
    /// attempt, nil for a passing one, else its failure message.
    private func junit(_ tests: [String: [String?]]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests.CartTests\">\n"
        for (name, attempts) in tests.sorted(by: { $0.key < $1.key }) {
            for message in attempts {
                xml += "<testcase classname=\"AppUITests.CartTests\" name=\"\(name)\" time=\"1.0\">"
                if let message {
                    let escaped = message.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                        of: "\"", with: "&quot;"
                    )
                    .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                    xml += "<failure message=\"\(escaped)\"/></testcase>\n"
                } else {
                    xml += "</testcase>\n"
                }
            }
        }
        return xml + "</testsuite></testsuites>\n"
    }

    private func write(_ tests: [String: [String?]], in out: String, as name: String) throws -> String {
        let path = out + "/" + name + ".xml"
        try junit(tests).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Main's history: `testCart` flakes (the badge assertion, then a pass) on three of five nights.
    private func history() async throws -> String {
        let out = try CLIRunner.temporaryDirectory()
        let nights: [[String?]] = [
            [Self.flakeMessage, nil], [nil], [Self.flakeMessage, nil], [Self.flakeMessage, nil], [nil],
        ]
        for (index, attempts) in nights.enumerated() {
            let file = try write(["testCart": attempts, "testTotal": [nil]], in: out, as: "main-\(index)")
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--run-key", "main-\(index)", "--commit", "m\(index)", "--branch",
                "main",
                "--started-at", "2026-11-0\(index + 1)T02:00:00Z", file,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return out
    }

    private func check(_ out: String, _ attempts: [String?], config: String) async throws -> CLIRunner.Result {
        try await CLIRunner.run([
            "check", "--out", out, "--config", config, "--run-key", "main-5", "--commit", "m5", "--branch", "main",
            "--started-at", "2026-11-06T02:00:00Z",
            try write(["testCart": attempts, "testTotal": [nil]], in: out, as: "main-5"),
        ])
    }

    @Test("a known-flaky test failing every attempt with a failure unlike its past is a new failure, and says why")
    func knownFlakyNewFailure() async throws {
        let out = try await history()
        let result = try await check(out, [Self.newMessage, Self.newMessage], config: try gates(out))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures"), "\(result.stdout)")
        #expect(result.stdout.contains("AppUITests.CartTests/testCart"), "\(result.stdout)")
        #expect(result.stdout.contains("flaky before, but this failure is new: "), "\(result.stdout)")
    }

    @Test("a known-flaky test failing every attempt as it flaked before is excused")
    func knownFlakySameFailure() async throws {
        let out = try await history()
        let result = try await check(out, [Self.flakeMessage, Self.flakeMessage], config: try gates(out))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("known to be flaky"), "\(result.stdout)")
    }

    @Test("a quarantined test is excused whatever its failure")
    func quarantineStillExcuses() async throws {
        let out = try await history()
        let config = try gates(
            out,
            extra:
                "quarantine:\n  - test: \"AppUITests.CartTests/testCart\"\n    reason: \"APP-1\"\n    expires: 2099-12-31\n"
        )
        let result = try await check(out, [Self.newMessage, Self.newMessage], config: config)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("quarantined"), "\(result.stdout)")
    }

    @Test("canopy run's summary says why a known-flaky test's failure counts")
    func summarySaysWhy() async throws {
        let out = try await history()
        let file = try write(
            ["testCart": [Self.newMessage, Self.newMessage], "testTotal": [nil]], in: out, as: "main-5")
        let result = try await CLIRunner.run([
            "run", "--out", out, "--config", try gates(out), "--annotations", "none", "--run-key", "main-5", "--commit",
            "m5",
            "--branch", "main", "--started-at", "2026-11-06T02:00:00Z", file,
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("flaky before, but this failure is new"), "\(summary)")
    }
}
