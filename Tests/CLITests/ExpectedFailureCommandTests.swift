import CanopyBundleFixtures
import Foundation
import Testing

/// Expected failures (`XCTExpectFailure`, a Swift Testing known issue, `pytest.xfail`) through
/// `canopy run`, from each producer's own shape: their own figure on every surface, out of the
/// pass rate, the reason under its own key.
@Suite("canopy run on expected failures (end to end)")
struct ExpectedFailureCommandTests {
    /// The three inputs, each with how many expected failures it holds and one reason it gives.
    static let inputs: [(name: String, expected: Int, reason: String)] = [
        ("xcresult/xcode26-two-devices.json", 2, "banner removed in 4.2"),
        ("bundle", 2, "banner removed in 4.2 (FB1234)"),
        ("junit/pytest.xml", 1, "known bug #123"),
    ]

    private func path(_ name: String) throws -> String {
        guard name == "bundle" else { return CLIRunner.fixture(name) }
        return try XCResultBundleWriter.write(
            XCResultBundleSamples.twoDevices, to: CLIRunner.temporaryDirectory() + "/Tests.xcresult")
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "counted apart: the totals add up, the headline, Key figures, the page, insights and Slack say so",
        arguments: [0, 1, 2])
    func surfaces(_ index: Int) async throws {
        let (name, expected, _) = Self.inputs[index]
        let input = try path(name)
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--annotations", "none", input,
        ])
        #expect(result.status != 2, "\(result.stdout)\(result.stderr)")
        let report = try object(String(contentsOfFile: out + "/report.json", encoding: .utf8))
        let summary = try #require(report["summary"] as? [String: Any])
        let totals = try #require(summary["totals"] as? [String: Any]).compactMapValues { $0 as? Int }
        #expect(totals["expectedFailures"] == expected)
        let parts = ["passed", "failed", "passedOnRetry", "skipped", "expectedFailures"].map { totals[$0] ?? 0 }
        #expect(parts.reduce(0, +) == totals["tests"])

        let markdown = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let skipped = totals["skipped"] ?? 0
        #expect(markdown.contains("\(skipped) skipped, \(expected) expected failures · pass rate"), "\(markdown)")
        #expect(markdown.contains("| Expected failures | \(expected) |"), "\(markdown)")
        let ran = (totals["passed"] ?? 0) + (totals["passedOnRetry"] ?? 0) + (totals["failed"] ?? 0)
        let passRate = Double((totals["passed"] ?? 0) + (totals["passedOnRetry"] ?? 0)) / Double(ran)
        #expect(markdown.contains(String(format: "pass rate **%.1f%%**", passRate * 100)), "\(markdown)")

        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("<span class=\"kpi-label\">Expected failures</span>"))
        #expect(page.contains(", \(expected) expected failures of "))
        #expect(page.contains("\"expected failure\""))

        let insights = try String(contentsOfFile: out + "/insights.json", encoding: .utf8)
        #expect(insights.contains("\"expected-failure\""))
        let slack = try String(contentsOfFile: out + "/slack.json", encoding: .utf8)
        #expect(slack.contains("\(expected) expected failures"))
    }

    @Test(
        "inspect: the test's outcome is expectedFailure, its reason under expectedFailureReason",
        arguments: [0, 1, 2])
    func reason(_ index: Int) async throws {
        let (name, expected, reason) = Self.inputs[index]
        let result = try await CLIRunner.run(["inspect", "--format", "json", try path(name)])
        #expect(result.status == 0, "\(result.stderr)")
        let tests = try #require(try object(result.stdout)["tests"] as? [[String: Any]])
        let expectedTests = tests.filter { $0["outcome"] as? String == "expectedFailure" }
        #expect(expectedTests.count == expected)
        let attempts = expectedTests.flatMap { ($0["attempts"] as? [[String: Any]]) ?? [] }
        #expect(attempts.contains { ($0["expectedFailureReason"] as? String)?.contains(reason) == true })
        #expect(!attempts.contains { $0["skipReason"] != nil })
    }

    @Test("a run without expected failures keeps its headline and totals as before")
    func none() async throws {
        let out = try CLIRunner.temporaryDirectory()
        _ = try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--annotations", "none",
            CLIRunner.fixture("xcresult/xcode16-retries-configurations.json"),
        ])
        let markdown = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let report = try String(contentsOfFile: out + "/report.json", encoding: .utf8)
        #expect(!markdown.contains("expected failure") && !markdown.contains("Expected failure"))
        #expect(!report.contains("expectedFailures"))
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(!page.contains("expectedFailure") || !page.contains("\"expectedFailure\"]"))
    }
}
