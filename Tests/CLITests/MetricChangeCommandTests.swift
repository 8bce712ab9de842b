import Foundation
import Testing

/// XCTMetric measurements judged across history through `canopy run`: nights of the Xcode 26
/// tests and metrics documents, the launch time 20 % slower in the last night, fail the
/// metric-regressions gate and are named in the summary and `insights.json`, while the test's
/// own verdict stays its outcome's.
@Suite("canopy run judges XCTMetric measurements across history (end to end)")
struct MetricChangeCommandTests {
    static let launch = "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration"

    /// Night `night`'s results: the two-device tests and metrics documents, the phone's launch
    /// measurements five distinct values around 2.9 s, times `scale`.
    static func night(_ night: Int, scale: Double, in root: String) throws -> String {
        let directory = root + "/night-\(night)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CLIRunner.fixture("xcresult/xcode26-two-devices.json"), toPath: directory + "/tests.json")
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("xcresult/metrics-two-devices.json")))
        var tests = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var runs = try #require(tests[0]["testRuns"] as? [[String: Any]])
        var metrics = try #require(runs[0]["metrics"] as? [[String: Any]])
        let index = try #require(metrics.firstIndex { $0["identifier"] as? String == Self.launch })
        let values: [Double] = (0..<5).map { (value: Int) -> Double in
            let step = Double((night * 5 + value) * 7 % 13)
            return (2.84 + 0.01 * step) * scale
        }
        metrics[index]["measurements"] = values
        runs[0]["metrics"] = metrics
        tests[0]["testRuns"] = runs
        try JSONSerialization.data(withJSONObject: tests, options: [.prettyPrinted])
            .write(to: URL(fileURLWithPath: directory + "/metrics.json"))
        return directory
    }

    static func run(_ night: Int, scale: Double = 1, root: String, out: String, annotations: String = "none")
        async throws
        -> CLIRunner.Result
    {
        try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--commit", String(format: "c%04d", night),
            "--run-key", "night-\(night)", "--started-at", String(format: "2026-11-%02dT02:00:00Z", night + 1),
            "--annotations", annotations, try Self.night(night, scale: scale, in: root),
        ])
    }

    @Test("steady nights pass the gate once there is history; a slower launch fails it, the test's verdict unchanged")
    func slowerLaunch() async throws {
        let root = try CLIRunner.temporaryDirectory()
        let out = root + "/out"
        let first = try await Self.run(0, root: root, out: out)
        #expect(!first.stdout.contains("metric regressions"), "no history yet: the gate is off\n\(first.stdout)")
        for night in 1..<5 { _ = try await Self.run(night, root: root, out: out) }
        let steady = try await Self.run(5, root: root, out: out)
        #expect(steady.stdout.contains("no metric regressions"), "\(steady.stdout)")
        #expect(!steady.stdout.contains("GATE FAILED: no metric regressions"), "\(steady.stdout)")
        let slower = try await Self.run(6, scale: 1.2, root: root, out: out, annotations: "github")
        // The regression the gate counts is an annotation of the run, its sentence the message.
        #expect(
            slower.stdout.contains(
                "::error title=App launch regressed%3A AppUITests.LoginTests/testLogout on iPhone 16 Pro (18.2)::App launch of "
            ), "\(slower.stdout)")
        #expect(
            slower.stdout.contains(
                "GATE FAILED: no metric regressions — 1 of 3 metric(s) judged against history newly regressed"))
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let line = try #require(summary.split(separator: "\n").first { $0.contains("App launch of") })
        #expect(line.contains("App launch of AppUITests.LoginTests/testLogout on iPhone 16 Pro (18.2) is "), "\(line)")
        // 2.9 s → 3.46 s: the medians' change, not the 20 % every value was scaled by.
        #expect(line.contains("19 % slower in this run (2.9 s → 3.46 s"), "\(line)")
        #expect(line.contains("medians of 30 and 5 measurements, p < 0.001"), "\(line)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/insights.json"))
        let insights = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let changes = try #require(insights["metricChanges"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["direction"] as? String == "regressed")
        #expect(changes.first?["sinceCommit"] as? String == "c0006")
        #expect(summary.contains(changes.first?["line"] as? String ?? "-"), "the summary's line is the document's")
        // The page's Performance view: the same sentence, and every run's spread and median.
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("id=\"tab-performance\""))
        #expect(page.contains("19 % slower in this run (2.9 s → 3.46 s"))
        #expect(page.contains("App launch: median from 2.86 s to 3.46 s over 7 runs"), "the chart's text alternative")
        #expect(page.contains("<td>c0006</td><td>5</td>"), "the table's latest run first")
        // It began in this run: the comment names it too, Slack carries the line, and the trend
        // shows it beside the latest run's Performance series.
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        #expect(comment.contains("### ⏱ Metrics that changed in this run (1)\n\n" + line), "\(comment)")
        let slack = try String(contentsOfFile: out + "/slack.json", encoding: .utf8)
        #expect(slack.contains("⏱ Performance: 1 metric regressed, 0 otherwise changed"), "\(slack)")
        let trend = try await CLIRunner.run(["trend", "--out", out, "--runs", "7", "--branch", "main"])
        #expect(trend.status == 0, "\(trend.stderr)")
        let trendSummary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        #expect(trendSummary.contains(line), "\(trendSummary)")
        let trendPage = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
        #expect(trendPage.contains("id=\"tab-performance\"") && trendPage.contains("19 % slower in this run"))
        let trendSlack = try String(contentsOfFile: out + "/trend/slack.json", encoding: .utf8)
        #expect(trendSlack.contains("⏱ Performance: 1 metric regressed"), "\(trendSlack)")
        // The test that measured keeps its own verdict: it passed on its attempt.
        let verdicts = try #require(insights["verdicts"] as? [[String: Any]])
        let logout = verdicts.filter { ($0["key"] as? String)?.contains("testLogout") == true }
        #expect(!logout.contains { $0["verdict"] as? String == "new-failure" }, "\(logout)")
    }
}
