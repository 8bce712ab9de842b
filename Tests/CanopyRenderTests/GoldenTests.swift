import CanopyModel
import CanopyRender
import Foundation
import Testing

@Suite("Golden files of the sample dashboard")
struct GoldenTests {
    let sample = DashboardSample.make()

    @Test func markdownStepSummary() throws {
        try Golden.check(MarkdownRenderer().render(sample), "sample-summary.md")
    }

    @Test func markdownComment() throws {
        let text = MarkdownComment().render(sample)
        #expect(text.utf8.count < 5_000, "a comment a reviewer reads in ten seconds: \(text.utf8.count) bytes")
        try Golden.check(text, "sample-comment.md")
    }

    @Test("the comment leads with the verdict, the gates and the new failures; the rest is collapsed")
    func commentOrder() throws {
        let text = MarkdownComment().render(sample)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.first?.hasPrefix(
                "⚠️ **Tests failed, gates passed** — 3 new failures in this run") == true,
            "\(lines.first ?? "")")
        let newFailures = try #require(text.range(of: "### ❌ New failures (3)"))
        let firstDetails = try #require(text.range(of: "<details>"))
        #expect(newFailures.upperBound < firstDetails.lowerBound)
        let failure = try #require(text.range(of: "testPayWithApplePay"))
        #expect(failure.lowerBound < firstDetails.lowerBound)
        // Everything after the new failures is collapsed: no heading follows the first block.
        #expect(!text[firstDetails.lowerBound...].contains("\n### "))
        #expect(text.components(separatedBy: "<details>").count == text.components(separatedBy: "</details>").count)
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
        #expect(sample.tests.filter { $0.outcome == .flaky }.count == Int(sample.headline.passedOnRetry.value))
        #expect(sample.tests.filter { $0.outcome == .skipped }.count == Int(sample.headline.skipped.value))
    }
}
