import CanopyModel
import CanopyRender
import Foundation
import Testing

@Suite("A test's history strip")
struct HistoryStripRenderTests {
    static func results(_ outcomes: String) -> [DashboardTestHistory.Result] {
        outcomes.enumerated().map { index, letter in
            let outcome: TestOutcome =
                letter == "p" ? .passed : letter == "f" ? .failed : letter == "k" ? .flaky : .skipped
            return DashboardTestHistory.Result(
                outcome: outcome, commit: "c\(index)abcdef0123456789",
                date: Date(timeIntervalSince1970: 1_793_491_200 + Double(index) * 86_400))
        }
    }

    @Test("a strip keeps the latest 20 results and says the label it is given")
    func since() {
        let long = DashboardTestHistory(
            latest: Self.results(String(repeating: "p", count: 24) + "f"), since: "failing since c24abcdef012")
        #expect(long.results.count == 20)
        #expect(long.results.first?.commit == "c5abcdef0123456789")
        #expect(long.since == "failing since c24abcdef012")
        #expect(DashboardTestHistory(latest: Self.results("pppp"), since: nil).since == nil)
    }

    @Test("the overview's failing rows, the flaky view and the Tests view's data carry the strip")
    func rendered() throws {
        var dashboard = DashboardSample.make()
        let failing = dashboard.newFailures[0].test
        let flaky = try #require(dashboard.flakyTests.first).test
        dashboard.testHistory = [
            failing: DashboardTestHistory(latest: Self.results("pppkff"), since: "failing since c4abcdef0123"),
            flaky: DashboardTestHistory(latest: Self.results("pfpkps"), since: "flaky since c1abcdef0123"),
        ]
        let page = HTMLDashboardRenderer().render(dashboard)
        let overview = try #require(page.range(of: "id=\"view-tree\"")).lowerBound
        let item = try #require(page.range(of: "<code>\(failing)</code>"))
        #expect(item.upperBound < overview)
        let strip = try #require(page.range(of: "<span class=\"strip\"", range: item.upperBound..<page.endIndex))
        #expect(strip.lowerBound < overview, "the failure's strip is on the overview")
        #expect(page.contains("title=\"failed · c5abcdef0123 · "))
        #expect(
            page.contains(
                "<span class=\"since\">failing since c4abcdef0123</span> <a class=\"to-flaky\" href=\"#flaky\">"))
        #expect(page.contains("Last 6 results on this branch, oldest first: 3 passed, 2 failed, 1 passed on retry"))
        let flakyView = try #require(page.range(of: "id=\"view-flaky\""))
        #expect(page[flakyView.upperBound...].contains("flaky since c1abcdef0123"))
        #expect(
            page.contains("<script type=\"application/json\" id=\"canopy-history\">{\"on\":\"this branch\",\"runs\":["))
        #expect(page.contains("\"o\":\"pfpkps\""))
        // Each run's commit and day once, the results pointing at it: six runs, shared by both tests.
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"canopy-history\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        )
        let runs = try #require(data["runs"] as? [String])
        #expect(runs.count == 6 && runs.contains("c5abcdef0123 · 2026-11-06"), "\(runs)")
        let tests = try #require(data["tests"] as? [String: [String: Any]])
        let entry = try #require(tests[flaky])
        #expect(
            (entry["r"] as? [Int]).map { $0.map { runs[$0] } }
                == (0..<6).map { "c\($0)abcdef0123 · 2026-11-0\($0 + 1)" })
    }

    @Test("no history, no strip and no history data")
    func none() {
        let page = HTMLDashboardRenderer().render(DashboardSample.make())
        #expect(!page.contains("class=\"strip\""))
        #expect(!page.contains("id=\"canopy-history\""))
    }
}
