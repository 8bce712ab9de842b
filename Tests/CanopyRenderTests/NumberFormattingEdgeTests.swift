import CanopyModel
import Foundation
import Testing

@testable import CanopyRender

/// Rendering never converts a number in a way that traps: a duration or count out of range (one
/// that reached a renderer before the parsers and readers checked them, or a sum) shows as
/// unknown (`–`, or -1 in the page data) instead.
@Suite("Number formatting at the edge")
struct NumberFormattingEdgeTests {
    static let absurd: [Double] = [1e16, -1e16, 1e308, -1e308, .infinity, -.infinity, .nan, 9.3e18, -9.3e18]

    @Test("a count out of Int's range is –", arguments: absurd)
    func count(_ value: Double) {
        let text = Format.count(value)
        #expect(text == "–" || abs(value) == 1e16, "\(text)")
        #expect(Format.plural(value, "test").hasSuffix("tests") || abs(value) == 1e16)
    }

    @Test("counts in range are formatted as before")
    func countsInRange() {
        #expect(Format.count(12_345.0) == "12,345")
        #expect(Format.count(1e16) == "10,000,000,000,000,000")
        #expect(Format.plural(1.0, "test") == "1 test")
        #expect(Format.plural(3.0, "test") == "3 tests")
    }

    @Test("a duration out of Int's range is –", arguments: absurd)
    func duration(_ value: Double) {
        let text = Format.duration(value)
        #expect(text == "–" || value == 1e16, "\(text)")
    }

    @Test("a KPI and its change of absurd size are formatted without trapping")
    func kpi() {
        let kpi = DashboardKPI(1e300, baseline: -1e300)
        #expect(Format.value(kpi, .count) == "–")
        #expect(Format.change(kpi, .count) == "+–")
        #expect(Format.value(kpi, .seconds) == "–")
    }

    @Test(
        "the page data carries -1 for a duration or step offset out of range",
        arguments: absurd + [-0.001, 2_592_000.5])
    func pageData(_ seconds: Double) throws {
        let detail = DashboardAttemptDetail(
            label: "First Run", outcome: .failed, duration: seconds, messages: ["boom"],
            steps: [Step(title: "Tap", offset: seconds, depth: 0, failed: true)])
        let row = DashboardTestRow(
            key: "A/t", className: "A", name: "t", outcome: .failed, attempts: 1, duration: seconds, details: [detail])
        let data = HTMLDashboardData([row])
        #expect(data.tests.rows.map(\.durationMs) == [-1])
        let json = String(decoding: try JSONEncoder().encode(data.tests.details), as: UTF8.self)
        #expect(json == #"[[0,[["First Run","failed",-1,["boom"],"","",[["Tap",-1,0,1]],[]]]]]"#, "\(json)")
    }

    @Test("the trend summary's sparkline takes any value")
    func sparkline() {
        #expect(TrendMarkdownRenderer.sparkline([0, 1e308, -1e308, .nan]).count == 4)
    }
}
