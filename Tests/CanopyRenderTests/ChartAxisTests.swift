import Testing

@testable import CanopyRender

@Suite("Chart axes")
struct ChartAxisTests {
    @Test("one value, or all equal, gets an axis with room: never 0–0", arguments: [0.0, 5, 2_125, -3])
    func oneValue(value: Double) {
        let (low, high) = SVGChart.axis([value], minimumSpan: 0)
        #expect(high > low)
        #expect(low <= value && value <= high)
        #expect(SVGChart.axis([value, value, value], minimumSpan: 0) == (low, high))
    }

    @Test("a ratio keeps its minimum span; a spread series keeps its range")
    func spans() {
        let ratio = SVGChart.axis([0.884], minimumSpan: SVGChart.ratioSpan)
        #expect(ratio.high - ratio.low >= SVGChart.ratioSpan - 1e-9)
        #expect(SVGChart.axis([2, 9], minimumSpan: 0) == (2, 9))
    }
}
