import Foundation
import Testing

/// Issue 49: the trend's Fix first list ranks the flaky tests by what they cost over the window,
/// leads with the costliest test no quarantine covers, shows its owners from CODEOWNERS, and says
/// the same figures as insights.json and the Slack message.
@Suite("the trend's Fix first list")
struct FixFirstTests: SampleHistoryCommands {
    @Test("on the sample history it leads with the costliest unquarantined flaky test, its owner and cost")
    func sampleHistory() async throws {
        let history = try await OneVocabularyTests.sampleHistory.value
        let out = try CLIRunner.temporaryDirectory()
        let trend = try await CLIRunner.run([
            "trend", "--config", sample + "/canopy.yml", "--out", out, "--store", history + "/history.sqlite",
            "--runs", "14", "--branch", "main", "--source", sample + "/app",
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        let summary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        let table = OneTruthTests.table(summary, "### Fix first (")
        let rows = table.rows
        #expect(rows.count >= 3, "\(summary)")
        // insights.json of night 14 (the trend's latest run) holds the costs measured once.
        let insights = try await OneVocabularyTests.json("main/insights.json")
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

    @Test("a test failed outright in a CI attempt that was run again costs a CI rerun in insights.json and the trend")
    func ciRerun() async throws {
        let out = try CLIRunner.temporaryDirectory()
        func junit(_ name: String, payFails: Bool) async throws -> String {
            let failure = payFails ? "<failure message=\"Timed out waiting for Checkout.Pay\"/>" : ""
            let xml = """
                <?xml version="1.0"?>
                <testsuite name="CheckoutTests">
                <testcase classname="CheckoutTests" name="testPay" time="4.0">\(failure)</testcase>
                <testcase classname="CheckoutTests" name="testOther" time="1.0"/>
                </testsuite>
                """
            try xml.write(toFile: out + "/" + name, atomically: true, encoding: .utf8)
            return out + "/" + name
        }
        let passing = try await junit("pass.xml", payFails: false)
        let failing = try await junit("fail.xml", payFails: true)
        for number in 1...3 {
            let stored = try await CLIRunner.run([
                "ingest", "--quiet", "--store", out + "/history.sqlite", "--run-key", "n\(number)", "--commit",
                String(repeating: "\(number)", count: 40), "--branch", "main", "--started-at",
                "2026-11-0\(number)T02:00:00Z", passing,
            ])
            #expect(stored.status == 0, "\(stored.stderr)")
        }
        // GitHub build 500 of one commit: attempt 1 fails testPay outright, attempt 2 (the job
        // run again) passes it.
        let commit = String(repeating: "a", count: 40)
        func github(_ attempt: Int) -> [String: String] {
            [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "500", "GITHUB_RUN_ATTEMPT": "\(attempt)",
                "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": commit, "GITHUB_REF": "refs/heads/main",
                "GITHUB_REF_NAME": "main", "GITHUB_JOB": "ui",
            ]
        }
        let first = try await CLIRunner.run(
            ["ingest", "--quiet", "--store", out + "/history.sqlite", "--started-at", "2026-11-04T02:00:00Z", failing],
            environment: github(1))
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await CLIRunner.run(
            [
                "run", "--out", out + "/run", "--store", out + "/history.sqlite", "--annotations", "none",
                "--started-at", "2026-11-04T03:00:00Z", passing,
            ], environment: github(2))
        #expect(second.status <= 1, "\(second.stderr)")
        let insights = try OneTruthTests.json(out + "/run/insights.json")
        let costs = try #require(insights["flakyCosts"] as? [[String: Any]], "\(insights.keys)")
        let pay = try #require(costs.first { ($0["test"] as? String) == "CheckoutTests/testPay" }, "\(costs)")
        #expect(pay["failedRuns"] as? Int == 1)
        #expect(pay["reruns"] as? Int == 1)
        let trend = try await CLIRunner.run([
            "trend", "--out", out, "--store", out + "/history.sqlite", "--branch", "main",
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        let summary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        let row = try #require(OneTruthTests.table(summary, "### Fix first (").rows.first, "\(summary)")
        #expect(row.contains("<code>CheckoutTests/testPay</code>"), "\(row)")
        #expect(row.contains("failed 1 run outright · 4.0s of CI · 1 CI rerun"), "\(row)")
    }
}
