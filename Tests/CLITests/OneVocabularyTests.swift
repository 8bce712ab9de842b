import Foundation
import Testing

/// Issue 46: each word a reader sees names one quantity, computed once for every surface. A count
/// of failures is of failed tests, never of failure messages; "flaky" is a state over a window of
/// runs, and a test whose retry passed in this run "passed on retry". Through the CLI, on the
/// sample history and on the producers' own shapes.
@Suite("one vocabulary across the outputs")
struct OneVocabularyTests: SampleHistoryCommands {
    /// The sample history's nights 1 to 13 on main, night 14 run on main (`main/`) and the trend
    /// over its 14 runs, then night 14 again as a pull request onto main (`pr/`, the same store):
    /// made once for the suite.
    static let sampleHistory = Task<String, any Error> {
        let out = try CLIRunner.temporaryDirectory()
        let commands = OneVocabularyTests()
        try await commands.ingestNights(1...13, into: out)
        let config = commands.sample + "/canopy.yml"
        let steps: [[String]] = [
            [
                "run", "--config", config, "--out", out + "/main", "--store", out + "/history.sqlite", "--annotations",
                "none", "--run-key", "night-14", "--commit", "c14", "--branch", "main", "--started-at",
                "2026-11-14T02:00:00Z", commands.night(14),
            ],
            [
                "trend", "--config", config, "--out", out + "/main", "--store", out + "/history.sqlite", "--runs", "14",
                "--branch", "main",
            ],
            [
                "run", "--config", config, "--out", out + "/pr", "--store", out + "/history.sqlite", "--annotations",
                "none", "--run-key", "pr-7", "--commit", "p7", "--branch", "feature/x", "--base-branch", "main",
                "--pull-request", "7", "--started-at", "2026-11-15T10:00:00Z", commands.night(14),
            ],
        ]
        for arguments in steps {
            let result = try await CLIRunner.run(arguments)
            guard result.status <= 1 else { throw Failure(text: "\(arguments[0]): \(result.stderr)") }
        }
        return out
    }

    struct Failure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static func text(_ path: String) async throws -> String {
        try String(contentsOfFile: try await sampleHistory.value + "/" + path, encoding: .utf8)
    }

    static func json(_ path: String) async throws -> [String: Any] {
        try OneTruthTests.json(try await sampleHistory.value + "/" + path)
    }

    /// The cells of the Markdown table row whose first cell is `label`, trimmed.
    static func row(_ text: String, _ label: String) -> [String]? {
        text.split(separator: "\n").first { $0.hasPrefix("| \(label) |") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The cells of the rows of the Markdown table under `heading`.
    static func rows(_ text: String, _ heading: String) -> [[String]] {
        OneTruthTests.table(text, heading).rows.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test("the trend's failed series, its causes and its Slack message count the run's failed tests")
    func trendCountsFailedTests() async throws {
        let totals = try await #require(
            (try Self.json("main/report.json")["summary"] as? [String: Any])?["totals"] as? [String: Any])
        let failed = try #require(totals["failed"] as? Int)
        #expect(failed == 2)
        let summary = try await Self.text("main/trend/summary.md")
        let series = try #require(Self.row(summary, "Failed tests"), "\(summary.prefix(1200))")
        #expect(series[2] == "\(failed)", "the last run's failed tests: \(series)")
        #expect(Self.row(summary, "Failures") == nil, "no series counts failure messages")
        // Each failed test once, under its cause: the last run's causes add up to its failed tests.
        let causes = summary.split(separator: "\n").filter { $0.hasPrefix("| Failed tests: ") }
        #expect(!causes.isEmpty)
        let last = causes.map { Int($0.split(separator: "|")[2].trimmingCharacters(in: .whitespaces)) ?? -1 }
        #expect(last.reduce(0, +) == failed, "\(causes)")
        let slack = try await Self.text("main/trend/slack.json")
        #expect(slack.contains("→ *\(failed)*"), "\(slack.prefix(600))")
        #expect(!slack.contains("failures "), "\(slack.prefix(600))")
        // The run's page: its trend table and Failed figure count the same failed tests.
        for page in ["main/site/index.html", "main/trend/index.html"] {
            let html = try await Self.text(page)
            #expect(
                html.contains(">Failed tests</th>") && html.contains("<figcaption>Failed tests by cause"), "\(page)")
            #expect(!html.contains(">Failures</abbr>"), "\(page)")
        }
    }

    @Test("report.json says passed on retry and counts causes in failed tests, under schema 2")
    func reportNamesItsQuantities() async throws {
        let report = try await Self.json("main/report.json")
        #expect(report["schema"] as? String == "canopy.report/3")
        let summary = try #require(report["summary"] as? [String: Any])
        let totals = try #require(summary["totals"] as? [String: Any])
        #expect(totals["passedOnRetry"] as? Int == 2 && totals["flaky"] == nil, "\(totals)")
        #expect(summary["failures"] == nil && summary["failuresWithIdentifier"] == nil, "\(summary.keys)")
        let categories = try #require(report["categories"] as? [[String: Any]])
        let counted = categories.reduce(0) { $0 + ($1["failedTests"] as? Int ?? -100) }
        #expect(counted == totals["failed"] as? Int, "\(categories)")
        #expect(categories.allSatisfy { $0["failures"] == nil })
    }

    @Test("the pull request's comment names passing gates on one line and shows only what differs here")
    func commentShowsWhatDiffers() async throws {
        let comment = try await Self.text("pr/comment.md")
        let insights = try await Self.json("pr/insights.json")
        let gates = try #require(insights["gates"] as? [[String: Any]])
        let passing = gates.filter { $0["passed"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(!passing.isEmpty)
        #expect(
            comment.contains("- ✅ \(passing.count) gate\(passing.count == 1 ? "" : "s") passed: "),
            "\(comment.prefix(600))")
        for name in passing { #expect(!comment.contains("- ✅ \(name):"), "\(name)") }
        // Flaky tests listed are those that passed on retry in this run: one that failed is among
        // the failing tests already, with what history says of it, and a new one above them.
        let verdicts = try #require(insights["verdicts"] as? [[String: Any]])
        let retried = Set(
            verdicts.filter { $0["outcome"] as? String == "passedOnRetry" && $0["newFlaky"] as? Bool != true }
                .compactMap { $0["key"] as? String })
        let flakyHere = verdicts.filter { $0["state"] as? String == "flaky" }.compactMap { $0["key"] as? String }
        let listed = flakyHere.filter { retried.contains($0) }
        #expect(comment.contains("Flaky tests that failed or retried here (\(listed.count))"), "\(comment)")
        // Key figures that did not change are left to the summary.
        #expect(!comment.contains("| Skipped | 0 | – |") && !comment.contains("| Audit errors |"), "\(comment)")
        #expect(!comment.contains("Accessibility findings"))
    }

    @Test("insights.json's new failures and new flaky tests are the gates' counts, on main and on a pull request")
    func insightsNewFailuresAreTheGates() async throws {
        for run in ["main", "pr"] {
            let insights = try await Self.json(run + "/insights.json")
            let baseline = try #require(insights["baseline"] as? [String: Any])
            let gates = try #require(insights["gates"] as? [[String: Any]])
            let newFailures = try #require(baseline["newFailures"] as? [String])
            let gate = try #require(gates.first { $0["name"] as? String == "no new failures" })
            #expect(
                (gate["detail"] as? String)?.hasPrefix("\(newFailures.count) new failing test") == true,
                "\(run): \(gate)")
            // The raw difference holds the failing tests the gates excuse as well.
            let notInBaseline = try #require(baseline["failingNotInBaseline"] as? [String])
            #expect(Set(newFailures).isSubset(of: Set(notInBaseline)), "\(run)")
            let newFlaky = try #require(baseline["newFlakyTests"] as? [String])
            let comment = try await Self.text(run + "/comment.md")
            // The verdict line's last fact, left out when there is none.
            if newFlaky.isEmpty {
                #expect(!comment.contains("new flaky test"), "\(run): \(comment)")
            } else {
                let said = newFlaky.count == 1 ? "1 new flaky test" : "\(newFlaky.count) new flaky tests"
                #expect(comment.contains("· " + said + "\n"), "\(run): \(newFlaky)")
            }
        }
    }

    @Test("insights.json says passed on retry for this run's outcome, under schema 4; flaky only as a state")
    func insightsNamePassedOnRetry() async throws {
        let insights = try await Self.json("main/insights.json")
        #expect(insights["schema"] as? String == "canopy.insights/4")
        let flakiness = try #require(insights["flakiness"] as? [[String: Any]])
        let latest = flakiness.compactMap { $0["latest"] as? String }
        #expect(latest.count == flakiness.count, "\(flakiness.prefix(2))")
        // The run's two tests passed on retry are among the tests history follows.
        let retried = try #require(insights["verdicts"] as? [[String: Any]]).filter {
            $0["outcome"] as? String == "passedOnRetry"
        }.compactMap { $0["key"] as? String }
        #expect(retried.count == 2, "\(retried)")
        for key in retried {
            let entry = flakiness.first { ($0["key"] as? [String: Any])?["testKey"] as? String == key }
            let evidence = entry?["evidence"] as? [String: Any]
            #expect(entry?["latest"] as? String == "passedOnRetry", "\(key): \(entry ?? [:])")
            #expect(
                evidence?["passedOnRetryRunKeys"] as? [String] != nil && evidence?["flakyRunKeys"] == nil,
                "\(key): \(evidence ?? [:])")
        }
        #expect(!latest.contains { $0.localizedCaseInsensitiveContains("flaky") }, "\(Set(latest))")
    }

    @Test("the summary's and the page's causes are the trend's last point, and add up to the failed tests")
    func causesAreOneFigure() async throws {
        let summary = try await Self.text("main/summary.md")
        let causes = Self.rows(summary, "### 🧭 Failed tests by cause")
        #expect(causes.map { Int($0[1]) ?? -1 }.reduce(0, +) == 2, "\(causes)")
        let trend = try await Self.text("main/trend/summary.md")
        for cause in causes {
            let series = try #require(Self.row(trend, "Failed tests: \(cause[0])"), "\(cause)")
            #expect(series[2] == cause[1], "\(cause): \(series)")
        }
        let page = try await Self.text("main/site/index.html")
        #expect(page.contains("<h3 id=\"f-causes\">Failed tests by cause</h3>"))
    }

    @Test("the classes table: failed, passed on retry and flaky (the window's state) in their own columns")
    func classesNameTheirColumns() async throws {
        for run in ["main", "pr"] {
            let summary = try await Self.text(run + "/summary.md")
            let rows = Self.rows(summary, "### Classes with failed, passed-on-retry or flaky tests (")
            let header = summary.split(separator: "\n").first { $0.hasPrefix("| class |") }
            #expect(header == "| class | tests | failed | passed on retry | flaky | skipped | test time |", "\(run)")
            // testScrubbing fails in this run and is flaky over the window: both columns say so.
            let player = try #require(rows.first { $0[0].contains("PlayerUITests.PlayerTests") }, "\(run): \(rows)")
            #expect(player[2] == "1" && player[3] == "0" && player[4] == "1", "\(run): \(player)")
            // The flaky column adds up to the flaky tests listed.
            let flaky = OneTruthTests.table(summary, "### 🔁 Flaky tests (").count
            #expect(rows.map { Int($0[4]) ?? -1 }.reduce(0, +) == flaky, "\(run): \(rows)")
        }
        let page = try await Self.text("main/site/index.html")
        #expect(
            page.contains("<th scope=\"col\" class=\"n\">Passed on retry</th><th scope=\"col\" class=\"n\">Flaky</th>"))
    }
}

/// The shapes the sample history lacks: a test failing twice on one element, an element failing
/// flakily in several attempts, tests going from passing on retry to failing outright.
@Suite("one vocabulary: per identifier and per change")
struct OneVocabularyShapesTests {
    /// A JUnit file in xcodebuild's retry shape (xcbeautify): one `<testcase>` per attempt, each
    /// failed attempt with `message` as its failure.
    static func junit(_ suite: String, _ tests: [(name: String, attempts: [String?])]) -> String {
        var xml = "<testsuites name=\"All\"><testsuite name=\"\(suite)\">\n"
        for test in tests {
            for failure in test.attempts {
                xml += "<testcase classname=\"\(suite)\" name=\"\(test.name)\" time=\"1.5\">"
                xml += failure.map { "<failure message=\"\($0)\"/>" } ?? ""
                xml += "</testcase>\n"
            }
        }
        return xml + "</testsuite></testsuites>\n"
    }

    static func write(_ text: String, _ path: String) throws -> String {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let tapSubmit =
        "LoginTests.swift:31 - Failed to tap &quot;Login.Submit&quot; Button: No matches found for first query match sequence: "
        + "`Descendants matching type Button` -&gt; `Elements matching predicate '&quot;Login.Submit&quot; IN identifiers'`, "
        + "given input App element pid: 4211"
    static let payButton =
        "CheckoutTests.swift:52 - Failed to synthesize event: Failed to compute hit point for Button, identifier: "
        + "'Checkout.PaymentSheet.PayButton'"

    /// Nights on main, one a day: each ingested, the last one run (the post-step, its outputs in
    /// `out`).
    static func history(_ nights: [[(name: String, attempts: [String?])]], suite: String, in out: String) async throws {
        for (index, tests) in nights.enumerated() {
            let file = try write(junit(suite, tests), out + "/n\(index).xml")
            let last = index == nights.count - 1
            let result = try await CLIRunner.run(
                [last ? "run" : "ingest", "--out", out] + (last ? ["--annotations", "none"] : [])
                    + [
                        "--run-key", "n\(index)", "--commit", "c\(index)", "--branch", "main", "--started-at",
                        "2026-11-0\(index + 1)T02:00:00Z", file,
                    ])
            #expect(result.status <= 1, "\(result.stderr)")
        }
    }

    @Test("the tree and the failures by identifier count one test failing twice on Login as one failed test")
    func treeCountsFailedTests() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let file = try Self.write(
            Self.junit(
                "AppUITests.LoginTests",
                [("testLogin()", [Self.tapSubmit, Self.tapSubmit]), ("testLogout()", [nil])]),
            out + "/junit.xml")
        let run = try await CLIRunner.run(["run", "--out", out, "--annotations", "none", "--run-key", "r1", file])
        #expect(run.status <= 1, "\(run.stderr)")
        let report = try OneTruthTests.json(out + "/report.json")
        let tree = try #require(report["identifierTree"] as? [[String: Any]])
        let login = try #require(tree.first { $0["path"] as? String == "Login" }, "\(tree)")
        let branch = try #require(login["branch"] as? [String: Any])
        #expect(branch["failed"] as? Int == 1 && branch["failures"] == nil, "\(branch)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("✗</span> 1 failed test</span>") && !page.contains("2 failures"))
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let row = try #require(
            OneVocabularyTests.rows(summary, "### 🌳 Failed tests by identifier").first {
                $0[0].contains("Login.Submit")
            },
            "\(summary)")
        #expect(row[1] == "1", "\(row)")
    }

    @Test("a flaky element counts the tests it lists, not their failure messages")
    func flakyElementCountsTests() async throws {
        let out = try CLIRunner.temporaryDirectory()
        // testPay fails twice before passing in night 2: two messages, one test.
        let nights: [[(name: String, attempts: [String?])]] = [
            [("testPay()", [Self.payButton, nil]), ("testCoupon()", [nil])],
            [("testPay()", [Self.payButton, Self.payButton, nil]), ("testCoupon()", [Self.payButton, nil])],
            [("testPay()", [nil]), ("testCoupon()", [Self.payButton, nil])],
            [("testPay()", [nil]), ("testCoupon()", [nil])],
        ]
        try await Self.history(nights, suite: "CheckoutUITests.CheckoutTests", in: out)
        let insights = try OneTruthTests.json(out + "/insights.json")
        let element = try #require((insights["flakyElements"] as? [[String: Any]])?.first, "\(insights)")
        #expect((element["tests"] as? [String])?.count == 2)
        #expect(element["failingTests"] as? Int == 2 && element["failures"] == nil, "\(element)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let row = try #require(OneVocabularyTests.rows(summary, "### 🎯 Flaky elements (").first, "\(summary)")
        // identifier, tests failing flakily, tests failing, the cost, the tests listed: counts of
        // those tests.
        #expect(row.count == 5 && row[1] == "2" && row[2] == "2", "\(row)")
    }

    @Test("tests going from passing on retry to failing outright: Failed is worse, Passed on retry is no better")
    func passedOnRetryIsNeutral() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let nights: [[(name: String, attempts: [String?])]] = [
            [("testA()", [Self.tapSubmit, nil]), ("testB()", [Self.tapSubmit, nil]), ("testC()", [nil])],
            [
                ("testA()", [Self.tapSubmit, Self.tapSubmit]), ("testB()", [Self.tapSubmit, Self.tapSubmit]),
                ("testC()", [nil]),
            ],
        ]
        try await Self.history(nights, suite: "AppUITests.LoginTests", in: out)
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(OneVocabularyTests.row(summary, "Failed") == ["Failed", "2", "+2 🔴 worse"])
        #expect(OneVocabularyTests.row(summary, "Passed on retry") == ["Passed on retry", "0", "−2"])
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        let figure = try #require(page.range(of: "<span class=\"kpi-label\">Passed on retry</span>"))
        let rest = page[figure.upperBound...].prefix(300)
        #expect(rest.contains("kpi-change neutral") && !rest.contains("better"), "\(rest)")
    }
}
