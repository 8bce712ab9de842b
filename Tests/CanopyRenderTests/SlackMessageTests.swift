import Foundation
import Testing

@testable import CanopyRender

/// `slack.json` stays within Slack's documented Block Kit limits whatever the run holds, and test
/// data can neither form a link or mention nor break the mrkdwn.
@Suite("Slack message")
struct SlackMessageTests {
    /// A run no channel could read in full: thousands of new failures and flaky tests, messages
    /// far past a section's limit, every string hostile (`<!channel>`, `&`, `>`).
    static func huge() -> Dashboard {
        var d = HostileCorpus.dashboard()
        let hostile = "<!channel> & <@U123> > <https://evil.example|click> &amp; "
        d.title = String(repeating: hostile, count: 50)
        d.headline.status = .gateFailed
        d.links = DashboardLinks(
            buildURL: "https://ci.example/build/1?a=1&b=<2>|x", commit: "4f9a3edac6bd2ab139f7429d34c6ede6e8ad3798",
            branch: hostile, baseline: hostile, dashboard: "https://pages.example/site/index.html")
        d.gates = (0..<300).map { DashboardGate(name: hostile + "\($0)", passed: $0 % 2 == 0, detail: hostile) }
        d.unreadableInputs = (0..<1_000).map { "build/\($0).xml:1:1: error: " + hostile }
        d.newFailures = (0..<5_000).map { index in
            DashboardNewFailure(
                test: "AppUITests.\(hostile)/test\(index)", message: String(repeating: hostile, count: 400),
                location: hostile + ".swift:\(index)", locationURL: "https://github.com/o/r/blob/c/F.swift#L\(index)",
                category: hostile, identifier: String(repeating: "&<>", count: 300), rawIdentifier: hostile,
                screenshots: 3, note: String(repeating: hostile, count: 10))
        }
        d.categories = [
            DashboardCategoryGroup(
                category: hostile, isInfrastructure: true, tests: [], failedTests: 5_000, clusterIDs: [],
                description: String(repeating: hostile, count: 100))
        ]
        let flaky = d.flakyTests[0]
        d.flakyTests = (0..<2_000).map { index in
            var test = flaky
            test.test = String(repeating: hostile, count: 20) + "\(index)"
            return test
        }
        d.stillFailing = (0..<700).map { DashboardExcusedFailure(test: "T\($0)", reason: hostile) }
        d.excusedFailures = (0..<300).map { DashboardExcusedFailure(test: "E\($0)", reason: hostile) }
        return d
    }

    /// Every text of `message` with where it is, mrkdwn or not.
    static func texts(_ message: SlackMessage) -> [(text: String, mrkdwn: Bool)] {
        var out: [(String, Bool)] = [(message.text, true)]
        for block in message.blocks {
            if let text = block.text { out.append((text.text, text.type == "mrkdwn")) }
            for element in block.elements ?? [] { out.append((element.text, element.type == "mrkdwn")) }
        }
        return out
    }

    /// Every limit of Slack's Block Kit reference, and the mrkdwn escapes, of `message`.
    static func checkLimits(_ message: SlackMessage) throws {
        #expect(message.blocks.count <= 50, "\(message.blocks.count) blocks")
        #expect(message.text.utf16.count <= 40_000)
        #expect(!message.text.isEmpty)
        for block in message.blocks {
            #expect(["header", "section", "context", "divider"].contains(block.type))
            switch block.type {
            case "header":
                let text = try #require(block.text)
                #expect(text.type == "plain_text" && text.text.utf16.count <= 150, "\(text.text.utf16.count)")
            case "section":
                let text = try #require(block.text)
                #expect(text.type == "mrkdwn" && text.text.utf16.count <= 3_000, "\(text.text.utf16.count)")
                #expect(!text.text.isEmpty)
            case "context":
                let elements = try #require(block.elements)
                #expect((1...10).contains(elements.count))
                for element in elements { #expect(element.text.utf16.count <= 3_000) }
            default:
                #expect(block.text == nil && block.elements == nil)
            }
        }
        for (text, mrkdwn) in texts(message) where mrkdwn {
            // Only Canopy's own links (`<https://…|label>`) may hold `<` and `>`; every `&` starts
            // an escape.
            let withoutLinks = text.replacingOccurrences(
                of: "<https?://[^<>| ]+\\|[^<>]*>", with: "", options: .regularExpression)
            #expect(!withoutLinks.contains("<") && !withoutLinks.contains(">"), "\(withoutLinks.prefix(300))")
            let bareAmpersand = withoutLinks.replacingOccurrences(
                of: "&(amp|lt|gt);", with: "", options: .regularExpression)
            #expect(!bareAmpersand.contains("&"), "\(text.prefix(300))")
            #expect(!text.contains("<!channel>") && !text.contains("<@U123>"))
        }
    }

    @Test("a huge hostile run stays within every Slack limit, each list cut with how many more")
    func hugeRunWithinLimits() throws {
        let dashboard = Self.huge()
        let message = SlackRenderer.run(dashboard)
        try Self.checkLimits(message)
        // Encoded by the project's writer, it decodes to the same message.
        let data = Data(try JSONOutput.fileBytes(message))
        #expect(try JSONDecoder().decode(SlackMessage.self, from: data) == message)
        let all = Self.texts(message).map(\.text).joined(separator: "\n")
        // The failures shown and the `… and N more` count add up to the run's new failures.
        let shown = message.blocks.filter { $0.text?.text.hasPrefix("❌ `") == true }.count
        #expect(shown > 0 && shown <= SlackRenderer.newFailuresShown)
        #expect(all.contains("… and \(Format.count(5_000 - shown)) more new failures"), "\(shown)")
        #expect(all.contains("*❌ New failures (5,000)*"))
        #expect(all.contains("*🔁 Flaky tests (2,000)*"))
        #expect(all.contains("more in the dashboard"))
        #expect(all.contains("*1,000 inputs could not be read*") && all.contains("… and 995 more"))
        #expect(all.contains("*Gates failed (150 of 300)*") && all.contains("… and 140 more"))
        #expect(all.contains("*Also failing (1,000)*: 700 still failing from the baseline, 300 not counted as new"))
        #expect(all.contains("• `T4` — ") && !all.contains("• `T5` — "))
        #expect(all.contains("<https://pages.example/site/index.html|Open the dashboard>"))
        // The build URL's `&`, `<`, `>` and `|` cannot end the link early.
        #expect(all.contains("<https://ci.example/build/1?a=1&amp;b=%3C2%3E%7Cx|CI build>"), "\(all.prefix(2_000))")
        #expect(message.blocks[0].text?.text.hasPrefix("❌ Gate failed — <!channel> & ") == true)
    }

    @Test("a trend of thousands of state changes stays within every Slack limit")
    func hugeTrendWithinLimits() throws {
        var dashboard = Self.huge()
        var trend = try #require(dashboard.trend)
        let change = try #require(trend.changes.first)
        trend.changes = (0..<3_000).map {
            DashboardStateChange(
                test: "<!here> & \($0) " + String(repeating: "x", count: 500), from: change.from, to: change.to,
                commit: "&<>abcdef0123456789", date: change.date)
        }
        trend.window = "<!channel> " + String(repeating: "&", count: 500)
        dashboard.trend = trend
        let message = SlackRenderer.trend(dashboard)
        try Self.checkLimits(message)
        let all = Self.texts(message).map(\.text).joined(separator: "\n")
        #expect(all.contains("*↕️ State changes (3,000)*") && all.contains("… and 2,990 more"))
        #expect(all.contains("latest run: ❌ Gate failed"))
        let header = try #require(message.blocks.first?.text?.text)
        #expect(header.hasPrefix("📈 Trend — <!channel> & ") && header.hasSuffix("…"), "\(header)")
    }

    @Test("the header carries the summary's headline words and emoji; the text the counts")
    func headline() throws {
        for status in DashboardStatus.allCases {
            var dashboard = DashboardSample.make()
            dashboard.headline.status = status
            let message = SlackRenderer.run(dashboard)
            let header = try #require(message.blocks.first?.text?.text)
            let summary = MarkdownRenderer().render(dashboard)
            let summaryHeadline = try #require(summary.split(separator: "\n").first { $0.hasPrefix("## ") })
            // `## ❌ Gate failed — Title` and `❌ Gate failed — Title`.
            #expect(summaryHeadline.hasPrefix("## " + header.components(separatedBy: " — ")[0] + " — "), "\(header)")
            #expect(header.hasPrefix(MarkdownHeadline.statusIcon(status) + " " + status.title + " — "))
            #expect(message.text.contains(status.title))
            try Self.checkLimits(message)
        }
    }

    @Test("a run without a baseline says so as its summary does, with or without a chart of history")
    func noBaselineSaidWithHistory() throws {
        var dashboard = DashboardSample.make()
        #expect(dashboard.trend != nil)  // a run's page charts the history it was judged over
        dashboard.links = DashboardLinks()  // no branch, commit, build or baseline
        let message = SlackRenderer.run(dashboard)
        try Self.checkLimits(message)
        let all = Self.texts(message).map(\.text).joined(separator: "\n")
        #expect(all.contains("no baseline yet: every failing test counts as new"), "\(all)")
        #expect(MarkdownRenderer().render(dashboard).contains("No baseline yet"))
        dashboard.links.baseline = "main @ 1a2b3c4"
        #expect(!Self.texts(SlackRenderer.run(dashboard)).map(\.text).joined().contains("no baseline"))
    }

    @Test("without a page URL the link is the CI build; without either, no link")
    func dashboardLink() throws {
        var dashboard = DashboardSample.make()
        dashboard.links = DashboardLinks(buildURL: "https://ci.example/b/7", dashboard: "/tmp/out/site/index.html")
        var all = Self.texts(SlackRenderer.run(dashboard)).map(\.text).joined(separator: "\n")
        #expect(all.contains("`site/index.html` in the <https://ci.example/b/7|CI build>'s artifacts"))
        #expect(!all.contains("/tmp/out"))
        dashboard.links = DashboardLinks(buildURL: "javascript:alert(1)", dashboard: "/tmp/out/site/index.html")
        all = Self.texts(SlackRenderer.run(dashboard)).map(\.text).joined(separator: "\n")
        #expect(
            !all.contains("Open the dashboard") && !all.contains("artifacts") && !all.contains("javascript"), "\(all)")
    }

    @Test("cutting never splits an escape or a link; a header is cut as plain text")
    func cutsWhole() {
        #expect(SlackMrkdwn.escape("a&b", limit: 5) == "a…")
        #expect(SlackMrkdwn.escape("a&b", limit: 7) == "a&amp;b")
        #expect(SlackMrkdwn.cut("x&amp;y", to: 4) == "x…")
        #expect(SlackMrkdwn.cut("see <https://a.example/x|the page> now", to: 20) == "see …")
        let header = SlackBlock.header("Fish & Chips " + String(repeating: "x", count: 200))
        #expect(header.text?.text.hasPrefix("Fish & Chips xxx") == true && header.text?.text.utf16.count == 150)
    }
}
