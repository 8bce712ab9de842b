import Foundation
import Testing

/// A run on several devices through the CLI: one roll-up per test, the same line in every surface.
@Suite("one test across destinations, said once everywhere")
struct DestinationRollupCommandTests {
    static let iPhone = "iPhone 16 Pro (18.2)"
    static let iPad = "iPad Air 13-inch (M2) (18.2)"
    static let se = "iPhone SE (3rd generation) (17.5)"

    /// Trainer's (fastlane) JUnit: one bundle suite per device with its `device` and
    /// `Configuration` properties (one configuration throughout, so not named), the
    /// class suites inside. `failing` names the tests that fail on each device; RangeTests runs
    /// on the iPhone 16 Pro only.
    static func junit(devices: [String], failing: [String: Set<String>] = [:]) -> String {
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<testsuites name='App'>\n"
        for device in devices {
            xml += "  <testsuite name='AppUITests'>\n    <properties>\n"
            xml += "      <property name='device' value='\(device)'/>\n"
            xml += "      <property name='Configuration' value='Default'/>\n    </properties>\n"
            xml += "    <testsuite name='AppUITests.LoginTests'>\n"
            for name in ["testLogin", "testLogout"] {
                xml += "      <testcase classname='AppUITests.LoginTests' name='\(name)' time='2.5'>"
                if failing[device]?.contains(name) == true {
                    xml += "<failure message='LoginTests.swift:42: XCTAssertTrue failed - Login button not hittable'/>"
                }
                xml += "</testcase>\n"
            }
            xml += "    </testsuite>\n"
            if device == iPhone {
                xml += "    <testsuite name='AppUITests.RangeTests'>\n"
                xml += "      <testcase classname='AppUITests.RangeTests' name='testRanges' time='1.0'/>\n"
                xml += "    </testsuite>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test(
        "failing on the iPad only: a new failure, the roll-up line the same in insights.json, the summary, the comment, the page and report's page"
    )
    func oneLineEverywhere() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let devices = [Self.iPhone, Self.iPad, Self.se]
        try Self.junit(devices: devices).write(toFile: out + "/c1.xml", atomically: true, encoding: .utf8)
        try Self.junit(devices: devices, failing: [Self.iPad: ["testLogin"]])
            .write(toFile: out + "/c2.xml", atomically: true, encoding: .utf8)
        let ingest = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--run-key", "r1", "--commit", "c1", "--branch", "main",
            "--started-at", "2026-11-01T02:00:00Z", out + "/c1.xml",
        ])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let run = try await CLIRunner.run([
            "run", "--out", out, "--annotations", "none", "--run-key", "r2", "--commit", "c2", "--branch", "main",
            "--started-at", "2026-11-02T02:00:00Z", out + "/c2.xml",
        ])
        // A failure on one device and a pass on the others is a failure, not a flake.
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")

        let insights = try Self.json(out + "/insights.json")
        let rollup = try #require(insights["destinations"] as? [String: Any], "\(insights.keys)")
        #expect(rollup["destinations"] as? [String] == [Self.iPad, Self.iPhone, Self.se])
        let tests = try #require(rollup["tests"] as? [[String: Any]])
        let login = try #require(tests.first { $0["test"] as? String == "AppUITests.LoginTests/testLogin" })
        let line = try #require(login["line"] as? String)
        #expect(line.hasSuffix(" on \(Self.iPad) only; passes on 2 others"), "\(line)")
        let results = try #require(login["results"] as? [[String: Any]])
        #expect(results.map { $0["verdict"] as? String } == ["new-failure", "passed", "passed"])
        #expect(results.first?["key"] as? String == "AppUITests.LoginTests/testLogin@" + Self.iPad)
        let ranges = try #require(tests.first { $0["test"] as? String == "AppUITests.RangeTests/testRanges" })
        #expect(
            ranges["line"] as? String == "passes on \(Self.iPhone), the only destination its suite ran on", "\(ranges)")

        let item = "- ❌ <code>AppUITests.LoginTests/testLogin</code> " + line + " · <code>LoginTests.swift:42</code>"
        for file in ["summary.md", "comment.md"] {
            let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
            let failures = text.split(separator: "\n").filter { $0.contains("- ❌ ") && $0.contains("testLogin") }
            #expect(failures == [Substring(item)], "\(file): one line for the test, not one per device: \(failures)")
        }
        for (name, page) in await [
            ("run", try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)),
            ("report", try reportPage(out, run: "r2")),
        ] {
            #expect(page.contains("<p class=\"f-dest\">" + line + "</p>"), "\(name)")
            #expect(page.contains("[\"AppUITests.LoginTests\\/testLogin\",\"" + line + "\",\"NPP\","), "\(name)")
        }
    }

    /// `canopy report`'s page of the stored run `run`.
    func reportPage(_ out: String, run: String) async throws -> String {
        let report = try await CLIRunner.run(["report", "--out", out, "--run", run])
        #expect(report.status == 0, "\(report.stderr)")
        return try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
    }

    @Test("a run on one device has no roll-up: no destinations in insights.json, no matrix, one line per failure")
    func oneDevice() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try Self.junit(devices: [Self.iPhone], failing: [Self.iPhone: ["testLogin"]])
            .write(toFile: out + "/c1.xml", atomically: true, encoding: .utf8)
        let run = try await CLIRunner.run([
            "run", "--out", out, "--annotations", "none", "--run-key", "r1", out + "/c1.xml",
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(try Self.json(out + "/insights.json")["destinations"] == nil)
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(!page.contains("tab-destinations") && !page.contains("f-dest"))
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        // One device, one configuration: the run names them, the keys do not.
        #expect(summary.contains("- ❌ <code>AppUITests.LoginTests/testLogin</code>"), "\(summary)")
    }
}
