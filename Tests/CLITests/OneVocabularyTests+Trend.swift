import Foundation
import Testing

extension OneVocabularyTests {
    @Test("the trend's latest run over a shorter window lists the flaky tests and states report lists for it")
    func trendLatestRunIsReportsJudgement() async throws {
        let history = try await Self.sampleHistory.value
        let config = sample + "/canopy.yml"
        let out = try CLIRunner.temporaryDirectory()
        // A window of 7 runs: its series and state changes are the window's; the run's flaky tests
        // and states are its own judgement, over the window it was judged over.
        let trend = try await CLIRunner.run([
            "trend", "--config", config, "--out", out + "/trend7", "--store", history + "/history.sqlite", "--runs",
            "7", "--branch", "main",
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        let report = try await CLIRunner.run([
            "report", "--config", config, "--out", out + "/report", "--store", history + "/history.sqlite", "--run",
            "night-14",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let trendSummary = try String(contentsOfFile: out + "/trend7/trend/summary.md", encoding: .utf8)
        let reportSummary = try String(contentsOfFile: out + "/report/summary.md", encoding: .utf8)
        // The flaky tests, their states and evidence, and the window they are over.
        let heading = "### 🔁 Flaky tests ("
        let fromReport = OneTruthTests.table(reportSummary, heading)
        let fromTrend = OneTruthTests.table(trendSummary, heading)
        #expect(fromTrend.count == fromReport.count)
        #expect(fromTrend.rows == fromReport.rows, "\(fromTrend.rows)\n\(fromReport.rows)")
        func window(_ text: String) -> String? {
            text.components(separatedBy: heading).dropFirst().first?.split(separator: "\n").dropFirst().first.map(
                String.init)
        }
        #expect(window(trendSummary) == window(reportSummary), "\(window(trendSummary) ?? "none")")
        #expect(OneTruthTests.table(reportSummary, "### 🔁 Flaky tests (").rows.count >= 3)
        // The trend's own window still names itself: its chart covers the 7 runs.
        #expect(trendSummary.contains("last 7 runs"), "\(trendSummary.prefix(600))")
        // The page's Flaky tests tab is report's, chip for chip (the trend tab's changes are the window's).
        func flakyTab(_ page: String) throws -> String {
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let tab = html.components(separatedBy: "id=\"view-flaky\"").dropFirst().first ?? ""
            return tab.components(separatedBy: "</section>").first ?? ""
        }
        func flaky(_ tab: String) -> [String] {
            tab.components(separatedBy: "<span class=\"chip flaky\">").dropLast().compactMap {
                $0.components(separatedBy: "<code>").last?.components(separatedBy: "</code>").first
            }
        }
        let reportTab = try flakyTab(out + "/report/site/index.html")
        let trendTab = try flakyTab(out + "/trend7/trend/index.html")
        #expect(flaky(reportTab).count >= 3, "\(reportTab.prefix(600))")
        #expect(flaky(trendTab) == flaky(reportTab), "\(flaky(trendTab))\n\(flaky(reportTab))")
    }
}
