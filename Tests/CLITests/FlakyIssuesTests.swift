import Foundation
import Testing

/// Issue 49: `canopy flaky-issues` drafts one issue per flaky test of the latest run, in each
/// format, with a marker that a re-run repeats, so a script updates issues instead of duplicating.
@Suite("canopy flaky-issues")
struct FlakyIssuesTests: SampleHistoryCommands {
    func issues(_ format: String, extra: [String] = []) async throws -> (
        document: [String: Any], issues: [[String: Any]]
    ) {
        let history = try await OneVocabularyTests.sampleHistory.value
        let result = try await CLIRunner.run(
            [
                "flaky-issues", "--format", format, "--config", sample + "/canopy.yml", "--store",
                history + "/history.sqlite", "--source", sample + "/app",
            ] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        return (document, try #require(document["issues"] as? [[String: Any]]))
    }

    @Test("each format drafts the flaky tests with evidence, cost and owners; a re-run has the same markers")
    func sample() async throws {
        // The latest stored run is night 14 as pull request 7 onto main.
        let insights = try await OneVocabularyTests.json("pr/insights.json")
        let costs = try #require(insights["flakyCosts"] as? [[String: Any]])
        let elements = try #require(insights["flakyElements"] as? [[String: Any]])
        var markers: [String: [String]] = [:]
        for format in ["github", "gitlab", "json"] {
            let (document, all) = try await issues(format)
            #expect(document["schema"] as? String == "canopy.flaky-issues/2")
            let issues = all.filter { $0["kind"] as? String == "test" }
            #expect(issues.count == costs.count, "\(format)")
            // The flaky elements follow the tests, one issue each, for the declaration's owners.
            let drafted = all.filter { $0["kind"] as? String == "element" }
            #expect(drafted.map { $0["identifier"] as? String } == elements.map { $0["identifier"] as? String })
            #expect(
                all.count == issues.count + drafted.count
                    && all.suffix(drafted.count).allSatisfy {
                        $0["kind"] as? String == "element"
                    })
            let pay = try #require(drafted.first { $0["identifier"] as? String == "Checkout.PaymentSheet.PayButton" })
            let payBody = try #require(pay["body"] as? String)
            #expect(payBody.hasPrefix("<!-- canopy-flaky-element:"), "\(payBody)")
            #expect(pay["title"] as? String == "Flaky element: Checkout.PaymentSheet.PayButton")
            #expect(payBody.contains("- cost: ") && payBody.contains("of CI"), "\(payBody)")
            #expect(payBody.contains("- declared in `") && payBody.contains("PaymentSheetView.swift:50`"), "\(payBody)")
            #expect(
                pay["labels"] as? [String] == [
                    "flaky-test", "flaky-element", "owner:@podcastapp/checkout-ios",
                    "owner:@podcastapp/payments-security",
                ], "\(pay)")
            #expect(payBody.contains("- `CheckoutUITests.CheckoutTests/testApplePaySheet"), "\(payBody)")
            let first = try #require(issues.first)
            let test = try #require(first["test"] as? String)
            #expect(test.hasPrefix("PlayerUITests.PlayerTests/testScrubbing"), "\(test)")
            let body = try #require(first["body"] as? String)
            let marker = try #require(first["marker"] as? String)
            #expect(marker.hasPrefix("<!-- canopy-flaky-test:") && body.hasPrefix(marker), "\(body)")
            #expect(body.contains("- first flaky commit: `"), "\(body)")
            let cost = try #require(costs.first { $0["test"] as? String == test })
            let failedRuns = try #require(cost["failedRuns"] as? Int)
            #expect(body.contains("- cost: failed \(failedRuns) runs outright"), "\(body)")
            #expect(body.contains("- owners: @podcastapp/player-ios"), "\(body)")
            #expect(
                first["labels"] as? [String] == [
                    "flaky-test", "owner:@podcastapp/player-ios", "owner:@podcastapp/ios-qa",
                ])
            #expect(first["title"] as? String == "Flaky test: \(test)")
            #expect(body.contains("/label ~flaky-test") == (format == "gitlab"), "\(format): \(body)")
            #expect(body.contains("<details><summary>Last failure</summary>") == (format == "github"), "\(body)")
            // The quarantined test comes last, and says so.
            let last = try #require(issues.last)
            #expect(last["test"] as? String == "AppUITests.FeedTests/testPullToRefresh")
            #expect((last["body"] as? String)?.contains("- quarantined:") == true)
            markers[format] = all.compactMap { $0["marker"] as? String }
            #expect(Set(markers[format] ?? []).count == all.count)
        }
        // The marker names the test alone: the same in every format and on a re-run.
        #expect(markers["github"] == markers["gitlab"] && markers["github"] == markers["json"])
        await #expect(try issues("github").issues.compactMap { $0["marker"] as? String } == markers["github"])
    }

    @Test("--branch drafts from the latest run on that branch, as trend --branch draws it; an unknown branch is exit 2")
    func branch() async throws {
        // The latest stored run is pull request 7's, on feature/x; main's latest is night 14.
        await #expect(try issues("json").document["runKey"] as? String == "pr-7")
        let (document, issues) = try await issues("json", extra: ["--branch", "main"])
        #expect(document["runKey"] as? String == "night-14")
        // Night 14's flaky tests, judged as its trend's Flaky tests list shows them.
        let flaky = try await OneVocabularyTests.text("main/trend/summary.md")
        let listed = OneVocabularyTests.rows(flaky, "### 🔁 Flaky tests (").map { $0[1] }
        #expect(!issues.isEmpty)
        for issue in issues where issue["kind"] as? String == "test" {
            let test = try #require(issue["test"] as? String)
            #expect(listed.contains("<code>\(test)</code>"), "\(test): \(listed)")
        }
        let history = try await OneVocabularyTests.sampleHistory.value
        let unknown = try await CLIRunner.run([
            "flaky-issues", "--store", history + "/history.sqlite", "--no-source", "--branch", "release/9",
        ])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no run on branch 'release/9' is stored"), "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
    }
}
