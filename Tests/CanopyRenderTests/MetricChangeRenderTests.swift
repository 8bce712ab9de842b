import CanopyModel
import Foundation
import Testing

@testable import CanopyRender

/// A run's XCTMetric changes on every surface that names them: the summary and the trend's summary
/// list all of them, the comment only those that began in this run (what the gate counts), Slack
/// the summary's lines; each line is `MetricChange.sentence`, with the screen its test touched.
@Suite("Metric changes on the summary, the comment, Slack and the trend")
struct MetricChangeRenderTests {
    static func change(began: Bool, test: String, percent: Double) -> MetricChange {
        var change = MetricChange(
            testKey: test + "@iPhone 16 Pro (18.2)",
            identifier: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
            unit: "s", device: "iPhone 16 Pro (18.2)", direction: .regressed, baselineMedian: 2.9,
            currentMedian: 2.9 * (1 + percent / 100), baselineCount: 35, currentCount: began ? 5 : 20,
            baselineRuns: 7, currentRuns: began ? 1 : 4, pValue: 0.0001, baselineSpreadPercent: 3,
            sinceRunKey: began ? "pr-1" : "night-11", sinceCommit: began ? "abc1234" : "c11")
        change.identifiers = ["Player.PlayPause", "Player.Scrubber", "Player.Root", "Player.Speed"]
        return change
    }

    static let here = change(began: true, test: "PlayerUITests.PlayerTests/testSpeed", percent: 30)
    static let earlier = change(began: false, test: "PlayerUITests.PlayerTests/testPlayPause", percent: 18)

    static func dashboard() -> Dashboard {
        var dashboard = DashboardSample.make()
        dashboard.metricChanges = [Self.here, Self.earlier]
        dashboard.metricSeries = [
            DashboardMetricSeries(
                testKey: Self.earlier.testKey, identifier: Self.earlier.identifier, displayName: nil, unit: "s",
                device: Self.earlier.device, configuration: nil,
                points: [
                    .init(runKey: "night-10", commit: "c10", count: 5, minimum: 2.8, median: 2.9, maximum: 3.0),
                    .init(runKey: "night-11", commit: "c11", count: 5, minimum: 3.3, median: 3.42, maximum: 3.5),
                ], change: Self.earlier)
        ]
        return dashboard
    }

    @Test("the sentence names the screen: at most three identifiers, then how many more")
    func screen() {
        #expect(Self.earlier.screenText == "the test touches Player.PlayPause, Player.Scrubber, Player.Root and 1 more")
        var two = Self.earlier
        two.identifiers = ["Player.PlayPause", "Player.Root"]
        #expect(two.sentence.hasSuffix("p < 0.001); the test touches Player.PlayPause and Player.Root"))
        two.identifiers = []
        #expect(two.sentence.hasSuffix("p < 0.001)"))
    }

    @Test("the comment lists only the changes that began in this run; the summary lists both")
    func commentOnlyThisRuns() {
        let dashboard = Self.dashboard()
        let comment = MarkdownComment().render(dashboard)
        #expect(comment.contains("### ⏱ Metrics that changed in this run (1)\n\n- 🔺 " + Self.here.sentence))
        #expect(!comment.contains(Self.earlier.sentence), "a change that began on the target branch")
        let summary = MarkdownRenderer().render(dashboard)
        #expect(summary.contains("### ⏱ Performance: 2 metrics regressed, 0 otherwise changed"))
        #expect(summary.contains(Self.here.sentence) && summary.contains(Self.earlier.sentence))
        var none = dashboard
        none.metricChanges = [Self.earlier]
        #expect(!MarkdownComment().render(none).contains("⏱"))
    }

    @Test("Slack's run and trend messages carry the summary's lines")
    func slack() throws {
        let dashboard = Self.dashboard()
        for message in [SlackRenderer.run(dashboard), SlackRenderer.trend(dashboard)] {
            let text = message.blocks.compactMap { $0.text?.text }.joined(separator: "\n")
            #expect(text.contains("*⏱ Performance: 2 metrics regressed, 0 otherwise changed*"), "\(text)")
            #expect(text.contains("🔺 " + SlackMrkdwn.escape(Self.here.sentence, limit: 400)), "\(text)")
        }
        var none = dashboard
        none.metricChanges = []
        let text = SlackRenderer.run(none).blocks.compactMap { $0.text?.text }.joined(separator: "\n")
        #expect(!text.contains("⏱"))
    }

    @Test("the trend's summary and page show the latest run's changes and series")
    func trend() {
        let dashboard = Self.dashboard()
        let summary = TrendMarkdownRenderer().render(dashboard)
        #expect(summary.contains("### ⏱ Performance: 2 metrics regressed"), "\(summary)")
        #expect(summary.contains("Each metric's measurements in the latest run"))
        #expect(summary.contains(Self.earlier.sentence))
        let page = TrendRenderer().render(dashboard)
        #expect(page.contains("id=\"tab-performance\""))
        #expect(page.contains("1 metric measured in the latest run"))
        #expect(page.contains(HTMLText.escape(Self.earlier.sentence, limit: 600)))
    }
}
