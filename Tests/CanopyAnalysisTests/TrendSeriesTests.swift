import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

@Suite struct TrendSeriesTests {
    static func point(_ day: Double, passRate: Double?, flaky: Int, coverage: Double?, categories: [String: Int])
        -> TrendPoint
    {
        TrendPoint(
            runKey: "r\(Int(day))", commit: nil, branch: "main", startedAt: Date(timeIntervalSince1970: day * 86_400),
            tests: 10, passed: 8, failed: 1, passedOnRetry: flaky, skipped: 0, passRate: passRate, duration: 60 + day,
            auditIssues: Int(day), auditErrors: 0, coverage: coverage, failedTestsByCause: categories)
    }

    @Test func seriesSummariesAndCategories() {
        let series = TrendSeries(points: [
            Self.point(
                3, passRate: 0.7, flaky: 4, coverage: 0.8, categories: ["elementNotFound": 2, "uiQueryTimeout": 5]),
            Self.point(1, passRate: 0.9, flaky: 1, coverage: nil, categories: ["elementNotFound": 1]),
            Self.point(2, passRate: 0.8, flaky: 2, coverage: 0.7, categories: [:]),
        ])
        #expect(series.points.map(\.runKey) == ["r1", "r2", "r3"])
        #expect(series.values(.coverage) == [nil, 0.7, 0.8])
        #expect(series.values(.failedTests(cause: "elementNotFound")) == [1, 0, 2])
        #expect(series.categories == ["uiQueryTimeout", "elementNotFound"])
        let passRate = series.summary(.passRate)
        #expect(passRate.first == 0.9)
        #expect(passRate.last == 0.7)
        #expect(abs((passRate.change ?? 0) + 0.2) < 1e-9)
        #expect(series.summary(.passedOnRetry).maximum == 4)
        #expect(series.summary(.duration).mean == 62)
        #expect(TrendSeries(points: []).summary(.passRate).change == nil)
    }
}
