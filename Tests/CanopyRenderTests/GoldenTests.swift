import CanopyModel
import CanopyRender
import Testing

@Suite("Golden files of the sample dashboard")
struct GoldenTests {
    let sample = DashboardSample.make()

    @Test func markdownStepSummary() throws {
        try Golden.check(MarkdownRenderer().render(sample), "sample-summary.md")
    }

    @Test func markdownComment() throws {
        let text = MarkdownRenderer(budget: MarkdownRenderer.commentBudget).render(sample)
        #expect(text.utf8.count <= MarkdownRenderer.commentBudget)
        #expect(text == MarkdownRenderer().render(sample), "the sample fits a comment uncut")
    }

    @Test func htmlDashboard() throws {
        try Golden.check(HTMLDashboardRenderer().render(sample), "sample-dashboard.html")
    }

    @Test func trendHTML() throws {
        try Golden.check(TrendRenderer().render(sample), "sample-trend.html")
    }

    @Test func trendMarkdown() throws {
        try Golden.check(TrendMarkdownRenderer().render(sample), "sample-trend.md")
    }

    @Test func sampleIsConsistent() {
        #expect(sample.tests.count == Int(sample.headline.tests.value))
        #expect(sample.tests.filter { $0.outcome == .failed }.count == Int(sample.headline.failed.value))
        #expect(sample.tests.filter { $0.outcome == .flaky }.count == Int(sample.headline.flaky.value))
        #expect(sample.tests.filter { $0.outcome == .skipped }.count == Int(sample.headline.skipped.value))
    }
}
