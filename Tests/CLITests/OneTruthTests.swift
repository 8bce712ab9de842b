import Foundation
import Testing

/// Every surface says the same thing: the cases of issue 33 that contradicted themselves, each
/// through the CLI in the producers' own shapes.
@Suite("one truth across the outputs")
struct OneTruthTests: SampleHistoryCommands {
    static func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The body rows of the Markdown table under `heading` (`### Title (N)`, `<wbr>` removed), and N.
    static func table(_ text: String, _ heading: String) -> (count: Int?, rows: [String]) {
        guard let start = text.range(of: heading) else { return (nil, []) }
        let line = text[start.lowerBound...].prefix { $0 != "\n" }
        let count = line.split(separator: "(").last.flatMap { Int($0.prefix { $0.isNumber }) }
        let body = text[start.upperBound...].components(separatedBy: "\n### ").first ?? ""
        let lines = body.split(separator: "\n").map { $0.replacingOccurrences(of: "<wbr>", with: "") }
        guard let separator = lines.firstIndex(where: { $0.hasPrefix("|---") }) else { return (count, []) }
        return (count, Array(lines[(separator + 1)...].prefix { $0.hasPrefix("| ") }))
    }

    @Test("nothing readable is never Passed: summary, comment and page say no verdict, no pass rate")
    func nothingReadable() async throws {
        let out = try temporaryDirectory()
        try "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"S\"><testcase classname=\"S\" name=\"t\">"
            .write(toFile: out + "/cut.xml", atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["run", "--out", out + "/o", "--annotations", "none", out + "/cut.xml"])
        #expect(result.status == 2, "\(result.stderr)")
        for file in ["summary.md", "comment.md", "site/index.html"] {
            let text = try String(contentsOfFile: out + "/o/" + file, encoding: .utf8)
            #expect(text.contains("No verdict: inputs could not be read"), "\(file): \(text.prefix(600))")
            #expect(!text.contains("Passed —") && !text.contains("✅ **Passed"), "\(file)")
            #expect(!text.contains("100.0%"), "\(file): a run of no test has no pass rate")
        }
    }

    @Test(
        "night 14: flaky tests are flaky by state, state changes apart, headline counts the retries; the tree counts failed tests"
    )
    func flakyListsAndCounts() async throws {
        let out = try temporaryDirectory()
        try await ingestNights(1...13, into: out)
        let config = sample + "/canopy.yml"
        let run = try await CLIRunner.run([
            "run", "--config", config, "--out", out, "--annotations", "none", "--run-key", "night-14", "--commit",
            "c14", "--branch", "main", "--started-at", "2026-11-14T02:00:00Z", night(14),
        ])
        #expect(run.status <= 1, "\(run.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        // The main branch's comment stays one a reviewer reads: under 5 KB.
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        #expect(comment.utf8.count <= 5_000, "comment.md is \(comment.utf8.count) bytes")
        let insights = try Self.json(out + "/insights.json")
        let verdicts = try #require(insights["verdicts"] as? [[String: Any]])
        func keys(_ filter: ([String: Any]) -> Bool) -> Set<String> {
            Set(verdicts.filter(filter).compactMap { $0["key"] as? String })
        }
        let flakyByState = keys { $0["state"] as? String == "flaky" }
        let changed = keys { ["newly-broken", "fixed", "unconfirmed-failure"].contains($0["state"] as? String ?? "") }
        // Each list's heading counts its rows, and holds exactly the tests of its state.
        let flaky = Self.table(summary, "### 🔁 Flaky tests (")
        #expect(flaky.count == flaky.rows.count && flaky.count == flakyByState.count, "\(flaky)")
        for test in flakyByState { #expect(flaky.rows.contains { $0.contains(test) }, "\(test)") }
        #expect(!summary.contains("testBiometricPrompt"), "a stable test is in no list")
        let changes = Self.table(summary, "### ↕️ Newly broken or fixed (")
        #expect(changes.count == changes.rows.count && changes.count == changed.count, "\(changes)")
        #expect(changes.rows.contains { $0.contains("testFilterChips") && $0.contains("fixed") })
        // The headline's retried count is the run's tests that passed on a retry.
        let retried = keys { $0["outcome"] as? String == "passedOnRetry" }.count
        #expect(summary.contains(", \(retried) passed on retry, "), "\(summary.prefix(400))")
        // The PayButton failures are of tests a retry passed: the tree counts no failure there.
        let report = try Self.json(out + "/report.json")
        let tree = try #require(report["identifierTree"] as? [[String: Any]])
        let payButton = try #require(tree.first { $0["path"] as? String == "Checkout.PaymentSheet.PayButton" })
        #expect((payButton["branch"] as? [String: Any])?["failed"] as? Int == 0, "\(payButton)")
        // The trend says as many state changes as its summary and page list.
        let trend = try await CLIRunner.run(["trend", "--config", config, "--out", out, "--runs", "14"])
        let trendSummary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        let listed = Self.table(trendSummary, "### State changes (")
        #expect(listed.count == listed.rows.count)
        #expect(trend.stdout.contains("\(listed.count ?? -1) state change(s)"), "\(trend.stdout)")
    }

    @Test(
        "quarantine: a badge on the flaky test and the audit issue (not new), the active entries listed, a typo warned with its line"
    )
    func quarantineEverywhere() async throws {
        let out = try temporaryDirectory()
        for number in 10...12 { await #expect(try ingest(out, number).status == 0) }
        let config = out + "/canopy.yml"
        var text = try String(contentsOfFile: sample + "/canopy.yml", encoding: .utf8)
        text = text.replacingOccurrences(
            of: "quarantine:\n",
            with: "quarantine:\n" + """
                  - identifier: Feed.Header.Refresh
                    auditType: dynamicType
                    reason: Header fonts are fixed until the redesign (DS-12)
                  - test: AppUITests.LoginTests/testLogn
                    reason: a typo that matches nothing

                """)
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let typoLine = try #require(lines.firstIndex { $0.contains("testLogn") })
        let run = try await CLIRunner.run([
            "run", "--config", config, "--out", out, "--annotations", "none", "--run-key", "night-13", "--commit",
            "c13", "--branch", "main", "--started-at", "2026-11-13T02:00:00Z", night(13),
        ])
        #expect(run.status <= 1, "\(run.stderr)")
        // The entry is a list item starting a line before its test key.
        #expect(
            (run.stderr + run.stdout).contains("canopy.yml:\(typoLine + 1)")
                && (run.stderr + run.stdout).contains("testLogn"),
            "\(run.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let issue = try #require(summary.split(separator: "\n").first { $0.contains("Feed.Header.Refresh") })
        #expect(issue.contains("🧊 quarantined: Header fonts are fixed") && !issue.contains("🆕"), "\(issue)")
        let flaky = try #require(
            Self.table(summary, "### 🔁 Flaky tests (").rows.first { $0.contains("testPullToRefresh") })
        #expect(flaky.contains("🧊 quarantined until 2027-01-31"), "\(flaky)")
        let quarantine = Self.table(summary, "### 🧊 Quarantine (")
        #expect(quarantine.count == 3 && quarantine.rows.count == 3, "\(quarantine)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("<h3>Quarantine <span class=\"count\">3</span></h3>"))
        #expect(page.contains("❄</span> quarantined: Header fonts are fixed"))
    }

    @Test("runs without snapshots: coverage not measured in the trend, never 0%")
    func coverageNotMeasured() async throws {
        let out = try temporaryDirectory()
        for number in 1...2 {
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--run-key", "n\(number)", "--commit", "c\(number)", "--branch",
                "main",
                "--started-at", "2026-11-0\(number)T02:00:00Z", night(number) + "/junit-appuitests.xml",
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let trend = try await CLIRunner.run(["trend", "--out", out, "--runs", "5"])
        #expect(trend.status == 0, "\(trend.stderr)")
        let summary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        let row = try #require(summary.split(separator: "\n").first { $0.hasPrefix("| Identifier coverage |") })
        #expect(row.contains("not measured") && !row.contains("0.0%"), "\(row)")
        let page = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
        #expect(page.contains("Not measured: no run of the window had snapshots."))
    }

    @Test("parameterised arguments of control characters stay apart in the summary")
    func invisibleArguments() async throws {
        let out = try temporaryDirectory()
        let fixture = try String(
            contentsOfFile: CLIRunner.fixture("xcresult/swift-testing-arguments.json"), encoding: .utf8)
        // The three argument nodes' names become \u0001, \u0002 and \u0003, all failing.
        let text = fixture.replacingOccurrences(of: "\"name\": \"1\",", with: "\"name\": \"\\u0001\",")
            .replacingOccurrences(of: "\"name\": \"5\",", with: "\"name\": \"\\u0002\",")
            .replacingOccurrences(of: "\"name\": \"10\",", with: "\"name\": \"\\u0003\",")
            .replacingOccurrences(
                of: "\"result\": \"Passed\",\n                      \"duration\"",
                with: "\"result\": \"Failed\",\n                      \"duration\"")
        try text.write(toFile: out + "/tests.json", atomically: true, encoding: .utf8)
        _ = try await CLIRunner.run(["run", "--out", out + "/o", "--annotations", "none", out + "/tests.json"])
        let summary = try String(contentsOfFile: out + "/o/summary.md", encoding: .utf8)
        for shown in [#"\u{1}"#, #"\u{2}"#, #"\u{3}"#] {
            #expect(summary.contains("addingItems(count:)(" + shown), "\(shown): \(summary)")
        }
    }
}
