import Foundation
import Testing

@Suite("canopy inspect (end to end)")
struct InspectCommandTests {
    @Test("JSON on a report where a test failed then passed on retry: one test passed on retry, two attempts")
    func flakyJSON() async throws {
        let result = try await CLIRunner.run(["inspect", "--format", "json", CLIRunner.fixture("junit/xcbeautify.xml")])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["passedOnRetry"] as? Int == 1 && totals["flaky"] == nil)
        #expect(totals["tests"] as? Int == 7)
        let tests = try #require(object["tests"] as? [[String: Any]])
        let login = try #require(tests.first { $0["name"] as? String == "testLoginShowsError()" })
        #expect(login["outcome"] as? String == "passedOnRetry")
        #expect((login["attempts"] as? [Any])?.count == 2)
        #expect(object["schema"] as? String == "canopy.inspect/2")
        #expect((object["files"] as? [[String: Any]])?.first?["producer"] as? String == "xcbeautify")
    }

    @Test("XCTMetric measurements beside the tests: a metrics table in text, each attempt's metrics in JSON")
    func metrics() async throws {
        let inputs = [
            CLIRunner.fixture("xcresult/xcode26-two-devices.json"),
            CLIRunner.fixture("xcresult/metrics-two-devices.json"),
        ]
        let text = try await CLIRunner.run(["inspect"] + inputs)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("metrics (XCTMetric measurements):"), "\(text.stdout)")
        let launch = try #require(text.stdout.split(separator: "\n").first { $0.contains("Duration (AppLaunch)") })
        #expect(launch.contains("testLogout@iPhone 16 Pro"))
        for part in [" s ", " 5 ", "2.934", "2.741–5.287", "10.0 %"] { #expect(launch.contains(part), "\(launch)") }
        let times = text.stdout.split(separator: "\n").filter { $0.contains(" Time ") }
        #expect(times.count == 2, "\(text.stdout)")
        #expect(times.allSatisfy { $0.contains(" seconds ") && $0.contains(" 10 ") })
        let json = try await CLIRunner.run(["inspect", "--format", "json"] + inputs)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        let measured = tests.filter { test in
            (test["attempts"] as? [[String: Any]])?.contains { $0["metrics"] != nil } == true
        }
        #expect(measured.count == 2)
        let attempt = try #require((measured.first?["attempts"] as? [[String: Any]])?.last)
        let metric = try #require((attempt["metrics"] as? [[String: Any]])?.first)
        #expect(metric["unit"] as? String == "s")
        #expect((metric["measurements"] as? [Double])?.count == 5)
    }

    @Test("--summary leaves out tests; text output lists the non-passing tests")
    func summaryAndText() async throws {
        let json = try await CLIRunner.run([
            "inspect", "--format", "json", "--summary", CLIRunner.fixture("junit/surefire.xml"),
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["tests"] == nil)
        #expect(object["totals"] != nil)
        let text = try await CLIRunner.run(["inspect", CLIRunner.fixture("junit/surefire.xml")])
        #expect(text.status == 0)
        #expect(text.stdout.contains("surefire"))
        #expect(text.stdout.contains("cancelsOrder"))
        #expect(text.stdout.contains("passed on retry 2"))
    }

    @Test("a directory means every report inside it")
    func directory() async throws {
        let directory = CLIRunner.fixture("junit")
        let result = try await CLIRunner.run(["inspect", "--summary", "--format", "json", directory])
        #expect(result.status == 2)  // the fixture folder holds broken files on purpose
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count >= 20)
        #expect(result.stderr.contains("truncated.xml:6:"))
    }

    @Test(
        "malformed input: exit 2 and file:line:column on stderr",
        arguments: ["truncated.xml", "mismatched.xml", "empty.xml", "xxe-file.xml", "binary.xml"])
    func malformed(_ file: String) async throws {
        let result = try await CLIRunner.run(["inspect", CLIRunner.fixture("junit/\(file)")])
        #expect(result.status == 2)
        #expect(result.stderr.contains(file))
        #expect(result.stderr.contains("error:"))
    }

    /// `inspect --report ok.xml bad.xml > report.json` must not leave a report of part of the run.
    @Test("--report with a broken input prints no document, only the error (exit 2)")
    func reportAllOrNothing() async throws {
        let result = try await CLIRunner.run([
            "inspect", "--report", CLIRunner.fixture("junit/xcbeautify.xml"), CLIRunner.fixture("junit/truncated.xml"),
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "\(result.stdout.prefix(200))")
        #expect(result.stderr.contains("truncated.xml"))
    }

    @Test("--report prints the canopy.report/3 analysis of the inputs as one run")
    func reportJSON() async throws {
        let night = CLIRunner.repository.appendingPathComponent("Reports/samples/night-10").path
        let result = try await CLIRunner.run(["inspect", "--report", night])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "canopy.report/3")
        let failures = try #require(object["failures"] as? [[String: Any]])
        let chip = try #require(failures.first { ($0["test"] as? String)?.hasSuffix("testFilterChips") == true })
        #expect(chip["category"] as? String == "elementNotFound")
        #expect((chip["element"] as? [String: Any])?["template"] as? String == "Search.Filter.Chip-{id}")
        let tree = try #require(object["identifierTree"] as? [[String: Any]])
        #expect(tree.contains { $0["path"] as? String == "Search.Filter" })
        // JSON only: --format json is the same, --format text is a usage error rather than JSON.
        #expect(try await CLIRunner.run(["inspect", "--report", "--format", "json", night]).stdout == result.stdout)
        let text = try await CLIRunner.run(["inspect", "--report", "--format", "text", night])
        #expect(text.status == 2 && text.stdout.isEmpty && text.stderr.contains("--format text"), "\(text.stderr)")

        // The analysis follows the configuration, as `canopy run`'s report.json does.
        let directory = try CLIRunner.temporaryDirectory()
        try "categories:\n  - name: filterChip\n    pattern: \"Chip\"\n".write(
            toFile: directory + "/c.yml", atomically: true, encoding: .utf8)
        let configured = try await CLIRunner.run(["inspect", "--report", "--config", directory + "/c.yml", night])
        let configuredObject = try #require(
            try JSONSerialization.jsonObject(with: Data(configured.stdout.utf8)) as? [String: Any])
        let configuredChip = (configuredObject["failures"] as? [[String: Any]])?.first {
            ($0["test"] as? String)?.hasSuffix("testFilterChips") == true
        }
        #expect(configuredChip?["category"] as? String == "filterChip", "\(configured.stderr)")
        try "categories:\n  - name: x\n    pattern: '([unclosed'\n".write(
            toFile: directory + "/bad.yml", atomically: true, encoding: .utf8)
        let bad = try await CLIRunner.run(["inspect", "--report", "--config", directory + "/bad.yml", night])
        #expect(bad.status == 2 && bad.stderr.contains("categories[0].pattern"), "\(bad.stderr)")
    }

    @Test("inputs can be typed, as for run: --junit DIR reads only JUnit, and another format named with it is an error")
    func typedInputs() async throws {
        let night = CLIRunner.repository.appendingPathComponent("Reports/samples/night-10").path
        let typed = try await CLIRunner.run(["inspect", "--format", "json", "--summary", "--junit", night])
        #expect(typed.status == 0, "\(typed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(typed.stdout.utf8)) as? [String: Any])
        let formats = Set(((object["files"] as? [[String: Any]]) ?? []).compactMap { $0["format"] as? String })
        #expect(formats == ["junit"], "\(formats)")
        #expect(typed.stderr.contains("note: skipped") && typed.stderr.contains("player-tests.json"), "\(typed.stderr)")
        #expect(try await CLIRunner.run(["inspect", "--junit", night + "/player-tests.json"]).status == 2)
    }

    @Test("usage errors exit 2, not ArgumentParser's 64")
    func usage() async throws {
        #expect(try await CLIRunner.run(["inspect"]).status == 2)
        #expect(try await CLIRunner.run(["inspect", "--format", "yaml", "x.xml"]).status == 2)
        #expect(try await CLIRunner.run(["no-such-command"]).status == 2)
        #expect(try await CLIRunner.run(["inspect", "/nonexistent.xml"]).status == 2)
        let help = try await CLIRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("inspect"))
    }
}
