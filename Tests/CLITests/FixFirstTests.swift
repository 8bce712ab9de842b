import Foundation
import Testing

/// Issue 49: the trend's Fix first list ranks the flaky tests by what they cost over the window,
/// leads with the costliest test no quarantine covers, shows its owners from CODEOWNERS, and says
/// the same figures as insights.json and the Slack message.
@Suite("the trend's Fix first list")
struct FixFirstTests: SampleHistoryCommands {
    @Test("on the sample history it leads with the costliest unquarantined flaky test, its owner and cost")
    func sampleHistory() throws {
        let history = try OneVocabularyTests.sampleHistory.get()
        let out = try CLIRunner.temporaryDirectory()
        let trend = try CLIRunner.run([
            "trend", "--config", sample + "/canopy.yml", "--out", out, "--store", history + "/history.sqlite",
            "--runs", "14", "--branch", "main", "--source", sample + "/app",
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        let summary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        let table = OneTruthTests.table(summary, "### Fix first (")
        let rows = table.rows
        #expect(rows.count >= 3, "\(summary)")
        // insights.json of night 14 (the trend's latest run) holds the costs measured once.
        let insights = try OneVocabularyTests.json("main/insights.json")
        let costs = try #require(insights["flakyCosts"] as? [[String: Any]])
        let quarantined = "AppUITests.FeedTests/testPullToRefresh"
        let leader = try #require(costs.first { ($0["test"] as? String) != quarantined })
        let test = try #require(leader["test"] as? String)
        #expect(test.hasPrefix("PlayerUITests.PlayerTests/testScrubbing"), "\(costs)")
        let first = try #require(rows.first)
        #expect(first.contains("<code>\(test)</code>"), "\(first)")
        #expect(first.contains("@​podcastapp/player-ios"), "\(first)")
        let failedRuns = try #require(leader["failedRuns"] as? Int)
        #expect(failedRuns > 0)
        #expect(first.contains("failed \(failedRuns) run"), "\(first)")
        // The quarantined test still costs, and comes after every other test.
        let last = try #require(rows.last)
        #expect(last.contains("<code>\(quarantined)</code> 🧊 quarantined"), "\(last)")
        #expect(costs.contains { $0["test"] as? String == quarantined })
        // Every row's figures are those insights.json measured.
        #expect(rows.count == costs.count)
        // The Slack message carries the list, led by the same test.
        let slack = try String(contentsOfFile: out + "/trend/slack.json", encoding: .utf8)
        #expect(slack.contains("Fix first (\(costs.count))"), "\(slack)")
        #expect(slack.contains("• `\(test)` @podcastapp/player-ios"), "\(slack)")
    }
}
