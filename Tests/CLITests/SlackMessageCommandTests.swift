import Foundation
import Testing

/// `canopy run` and `canopy trend` write `slack.json` beside their summary: the same verdict and
/// the same new failures as the summary, drawn from the same dashboard.
@Suite("slack.json from run and trend", .serialized)
struct SlackMessageCommandTests: SampleHistoryCommands {
    /// The message's blocks and fallback text.
    static func message(_ path: String) throws -> (text: String, blocks: [[String: Any]]) {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (try #require(object["text"] as? String), try #require(object["blocks"] as? [[String: Any]]))
    }

    /// The text of each block (a header's or section's text, a context's elements joined).
    static func texts(_ blocks: [[String: Any]]) -> [String] {
        blocks.map { block in
            if let text = block["text"] as? [String: Any] { return text["text"] as? String ?? "" }
            let elements = block["elements"] as? [[String: Any]] ?? []
            return elements.compactMap { $0["text"] as? String }.joined(separator: " ")
        }
    }

    /// The summary's headline status (`❌ Tests failed` of `## ❌ Tests failed — Title`).
    static func summaryStatus(_ summary: String) throws -> String {
        let line = try #require(summary.split(separator: "\n").first { $0.hasPrefix("## ") })
        return String(line.dropFirst(3)).components(separatedBy: " — ")[0]
    }

    /// The tests listed under the summary's `### ❌ New failures (N)`.
    static func summaryNewFailures(_ summary: String) -> [String] {
        guard let start = summary.range(of: "### ❌ New failures (") else { return [] }
        let section = summary[start.upperBound...].components(separatedBy: "\n### ")[0]
        return section.components(separatedBy: "\n- ❌ <code>").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    /// The tests of the message's new-failure sections (`❌ \`test\` · …`).
    static func slackNewFailures(_ blocks: [[String: Any]]) -> [String] {
        texts(blocks).filter { $0.hasPrefix("❌ `") }.map { String($0.dropFirst(3).prefix { $0 != "`" }) }
    }

    @Test("night 14: slack.json's headline and new failures are summary.md's; trend writes its own")
    func nightFourteen() async throws {
        let out = try temporaryDirectory()
        try await ingestNights(1...13, into: out)
        let config = sample + "/canopy.yml"
        let run = try await CLIRunner.run(
            [
                "run", "--config", config, "--out", out, "--annotations", "none", "--run-key", "night-14", "--commit",
                "4f9a3edac6bd2ab139f7429d34c6ede6e8ad3798", "--branch", "main", "--started-at", "2026-11-14T02:00:00Z",
                night(14),
            ], environment: ["CANOPY_DASHBOARD_URL": "https://ci.example/canopy/site/index.html"])
        #expect(run.status <= 1, "\(run.stderr)")
        #expect(run.stdout.contains("slack:     \(out)/slack.json"), "\(run.stdout)")
        // A link into the set, as summary.md is.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/slack.json") == "site/slack.json")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let (text, blocks) = try Self.message(out + "/slack.json")
        let header = try #require(Self.texts(blocks).first)
        let status = try Self.summaryStatus(summary)
        #expect(blocks.first?["type"] as? String == "header")
        #expect(header.hasPrefix(status + " — "), "\(header) vs \(status)")
        #expect(text.hasPrefix(status + " — "), "\(text)")
        let listed = Self.summaryNewFailures(summary)
        #expect(Self.slackNewFailures(blocks) == listed, "\(Self.texts(blocks))")
        #expect(Self.texts(blocks).contains("📊 <https://ci.example/canopy/site/index.html|Open the dashboard>"))
        #expect(blocks.count <= 50)
        // The message as the lead reads it.
        print("--- slack.json text of night 14 ---\n" + text + "\n" + Self.texts(blocks).joined(separator: "\n"))

        let trend = try await CLIRunner.run([
            "trend", "--config", config, "--out", out, "--runs", "14", "--branch", "main",
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        #expect(trend.stdout.contains("trend slack:     \(out)/trend/slack.json"), "\(trend.stdout)")
        let (trendText, trendBlocks) = try Self.message(out + "/trend/slack.json")
        let trendTexts = Self.texts(trendBlocks)
        #expect(trendTexts.first == "📈 Trend — Canopy", "\(trendTexts)")
        #expect(trendText.contains("14 runs"), "\(trendText)")
        // The latest run's verdict, as its report's summary says it.
        let report = try await CLIRunner.run([
            "report", "--config", config, "--out", out + "/report", "--store", out + "/history.sqlite",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let reportStatus = try Self.summaryStatus(
            try String(contentsOfFile: out + "/report/summary.md", encoding: .utf8))
        #expect(trendTexts.contains { $0.hasPrefix("latest run: " + reportStatus) }, "\(trendTexts)")
        print("--- trend/slack.json text ---\n" + trendText + "\n" + trendTexts.joined(separator: "\n"))
    }

    @Test("new failures crafted unlike history are listed in slack.json exactly as in summary.md")
    func newFailuresAsInSummary() async throws {
        let out = try temporaryDirectory()
        let nights: [Set<String>] = [[], ["testScroll"], ["testLoad", "testRefresh", "testScroll"]]
        for (index, failing) in nights.enumerated() {
            var xml =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests.FeedTests\">"
            for name in ["testLoad", "testRefresh", "testScroll"] {
                xml += "<testcase classname=\"AppUITests.FeedTests\" name=\"\(name)\" time=\"1.0\">"
                if failing.contains(name) {
                    xml +=
                        "<failure message=\"FeedTests.swift:9 - XCTAssertTrue failed - &lt;Feed &amp; more&gt; \(name)\"/>"
                }
                xml += "</testcase>"
            }
            let file = out + "/night-\(index).xml"
            try (xml + "</testsuite></testsuites>\n").write(toFile: file, atomically: true, encoding: .utf8)
            let last = index == nights.count - 1
            let result = try await CLIRunner.run(
                [
                    last ? "run" : "ingest", "--quiet", "--out", out, "--run-key", "n\(index)", "--commit",
                    "c\(index)abcdef", "--branch", "main", "--started-at", "2026-11-0\(index + 1)T02:00:00Z", file,
                ] + (last ? ["--annotations", "none"] : []),
                environment: [
                    "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com",
                    "GITHUB_REPOSITORY": "o/app", "GITHUB_RUN_ID": "77",
                ])
            #expect(result.status <= 1, "\(result.stdout)\(result.stderr)")
        }
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let (_, blocks) = try Self.message(out + "/slack.json")
        let listed = Self.summaryNewFailures(summary)
        #expect(!listed.isEmpty)
        #expect(Self.slackNewFailures(blocks) == listed, "\(Self.texts(blocks))")
        let all = Self.texts(blocks).joined(separator: "\n")
        // The message's `<` and `&` are Slack's escapes, never raw.
        #expect(all.contains("&lt;Feed &amp; more&gt;"), "\(all)")
        #expect(all.contains("cause *"))
        // Without a page URL: the CI build that holds the page.
        #expect(all.contains("<https://github.com/o/app/actions/runs/77|CI build>'s artifacts"), "\(all)")
    }

    @Test("a run whose input cannot be read writes a message of no verdict, as its summary says")
    func unreadable() async throws {
        let out = try temporaryDirectory()
        try "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"S\"><testcase classname=\"S\" name=\"t\">"
            .write(toFile: out + "/cut.xml", atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["run", "--out", out + "/o", "--annotations", "none", out + "/cut.xml"])
        #expect(result.status == 2, "\(result.stderr)")
        let (text, blocks) = try Self.message(out + "/o/slack.json")
        let texts = Self.texts(blocks)
        #expect(texts.first?.hasPrefix("⛔ No verdict: inputs could not be read — ") == true, "\(texts)")
        #expect(
            text.hasPrefix(try Self.summaryStatus(try String(contentsOfFile: out + "/o/summary.md", encoding: .utf8))))
        #expect(texts.contains { $0.hasPrefix("*1 input could not be read*") && $0.contains("cut.xml") }, "\(texts)")
    }
}
