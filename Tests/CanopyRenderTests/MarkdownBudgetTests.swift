import CanopyRender
import Testing

@Suite("Markdown size budget")
struct MarkdownBudgetTests {
    static let large = Fixtures.large

    @Test(arguments: [MarkdownRenderer.stepSummaryBudget, MarkdownRenderer.commentBudget, 20_000])
    func largeRunFitsWithNotice(budget: Int) {
        let text = MarkdownRenderer(budget: budget).render(Self.large)
        #expect(text.utf8.count <= budget)
        #expect(text.contains("This summary was shortened to fit \(formatted(budget)) bytes"))
        #expect(text.contains("[full dashboard](https://ci.example.com/shopfront/9182736450/site/index.html)"))
        // The headline and the most important section survive.
        #expect(text.contains("## ⚠️ Tests failed, gates passed"))
        #expect(text.contains("### ❌ New failures (10,000)"))
        #expect(text.contains("**10,000 failed**"))
    }

    @Test func leastImportantSectionsAreCutFirst() {
        let text = MarkdownRenderer(budget: MarkdownRenderer.commentBudget).render(Self.large)
        // Within 64 KiB the new failures keep rows; the last sections are cut to nothing.
        #expect(text.contains("Shown: "))
        #expect(text.contains("screens 0 of 40"))
        #expect(text.contains("coverage gaps 0 of 1,200"))
        let newFailureRows = text.split(separator: "\n").filter { $0.hasPrefix("- ❌ <code>LargeUITests.") }.count
        #expect(newFailureRows > 50)
        #expect(text.contains("more new failures not shown here"))
    }

    @Test("the comment of a run with 10,000 new failures fits its budget, verdict first, failures kept")
    func largeComment() {
        let text = MarkdownComment().render(Self.large)
        #expect(text.utf8.count <= MarkdownRenderer.commentBudget)
        #expect(text.hasPrefix("⚠️ **Tests failed, gates passed**"))
        #expect(text.contains("### ❌ New failures (10,000)"))
        #expect(text.contains("more new failures not shown here"))
    }

    @Test func stepSummaryKeepsMoreThanAComment() {
        let big = MarkdownRenderer().render(Self.large)
        let small = MarkdownRenderer(budget: MarkdownRenderer.commentBudget).render(Self.large)
        #expect(big.utf8.count > 900_000)
        #expect(big.utf8.count > small.utf8.count * 10)
    }

    @Test func noticeNamesAPathWhenTheDashboardIsAFile() {
        var dashboard = Self.large
        dashboard.links.dashboard = "Reports/site/index.html"
        let text = MarkdownRenderer(budget: 30_000).render(dashboard)
        #expect(text.contains("Everything is in the full dashboard: <code>Reports/site/index.html</code>"))
    }

    @Test func tinyBudgetStillRespected() {
        let text = MarkdownRenderer(budget: 3_000).render(Self.large)
        #expect(text.utf8.count <= 3_000)
        #expect(text.contains("shortened to fit 3,000 bytes"))
    }

    @Test func sampleIsNotCut() {
        let text = MarkdownRenderer(budget: MarkdownRenderer.commentBudget).render(DashboardSample.make())
        #expect(!text.contains("shortened"))
        #expect(!text.contains("not shown here"))
    }

    @Test func trendMarkdownFitsToo() {
        var dashboard = Self.large
        dashboard.trend?.changes = (0..<20_000).map { index in
            DashboardStateChange(
                test: "LargeUITests.T/test\(index)", from: .stable, to: .flaky, commit: "abc1234",
                date: dashboard.generatedAt)
        }
        let text = TrendMarkdownRenderer(budget: MarkdownRenderer.commentBudget).render(dashboard)
        #expect(text.utf8.count <= MarkdownRenderer.commentBudget)
        #expect(text.contains("state changes"))
    }

    private func formatted(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return out
    }
}
