import CanopyModel
import CanopyRender
import Foundation
import Testing

@Suite("New accessibility issues on the page and in the summary")
struct NewAuditIssueRenderTests {
    static func dashboard() -> Dashboard {
        var dashboard = DashboardSample.make()
        let last = dashboard.accessibility.issues.count - 1
        dashboard.accessibility.issues[last].isNew = true
        dashboard.accessibility.resolved = 2
        return dashboard
    }

    @Test("the page counts new and resolved issues and lists the new ones first, marked")
    func page() throws {
        let dashboard = Self.dashboard()
        let newIssue = try #require(dashboard.accessibility.issues.last)
        let page = HTMLDashboardRenderer().render(dashboard)
        #expect(page.contains("<strong>1 new</strong> since the baseline"))
        #expect(page.contains("listed first); 2 of its resolved.</p>"))
        let table = try #require(page.range(of: "<h3>Issues on elements</h3>"))
        let firstRow = try #require(page.range(of: "<tr class=\"new\">", range: table.upperBound..<page.endIndex))
        let anyRow = try #require(
            page.range(
                of: "<tr",
                range: page.range(of: "<tbody>", range: table.upperBound..<page.endIndex)!.upperBound..<page.endIndex))
        #expect(firstRow.lowerBound == anyRow.lowerBound, "the new issue is the first row")
        #expect(page[firstRow.upperBound...].prefix(400).contains(newIssue.description))
        #expect(page.components(separatedBy: "<tr class=\"new\">").count == 2)
    }

    @Test("the summary and the comment say which issues are new")
    func markdown() {
        let dashboard = Self.dashboard()
        let summary = MarkdownRenderer().render(dashboard)
        #expect(summary.contains("**1 new** since the baseline (🆕, listed first); 2 of its resolved."))
        #expect(summary.contains("| ⚠️ warning 🆕 new | contrast |"), "\(summary)")
        // The comment lists only the new issue.
        let comment = MarkdownComment().render(dashboard)
        #expect(comment.contains("<summary>♿ New accessibility issues (1)</summary>"), "\(comment)")
        #expect(comment.contains("| ⚠️ warning 🆕 new | contrast |"), "\(comment)")
        #expect(!comment.contains("| ⚠️ warning |") && !comment.contains("| ❌ error |"), "\(comment)")
    }

    @Test("without a comparison nothing is marked or counted")
    func none() {
        let page = HTMLDashboardRenderer().render(DashboardSample.make())
        #expect(!page.contains("since the baseline (marked") && !page.contains("No new issues since the baseline"))
        let summary = MarkdownRenderer().render(DashboardSample.make())
        #expect(
            !summary.contains("warning 🆕 new") && !summary.contains("error 🆕 new")
                && !summary.contains("since the baseline (🆕"))
    }
}
