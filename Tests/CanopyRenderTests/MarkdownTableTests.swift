import CanopyModel
import Foundation
import Testing

@testable import CanopyRender

@Suite("Markdown tables fit the page")
struct MarkdownTableTests {
    /// A test name with no dot or slash to wrap at widens the table past GitHub's page.
    @Test(
        "a flaky-tests table too wide for the page drops its least important columns, commits first; a narrow one keeps all"
    )
    func dropsLeastImportantColumns() throws {
        var dashboard = DashboardSample.make()
        let narrow = MarkdownRenderer().render(dashboard)
        #expect(narrow.contains("| score | test | state | runs | failed runs | flips | retries | commits |"))
        dashboard.flakyTests[0].test = "Suite/" + String(repeating: "testAVeryLongParameterisedName", count: 3)
        let page = MarkdownRenderer().render(dashboard)
        // The flaky tests' table alone: the state changes' table is narrow and keeps its columns.
        let start = try #require(page.range(of: "### 🔁 Flaky tests"))
        let wide = page[start.lowerBound...].components(separatedBy: "\n### ").first ?? ""
        #expect(!wide.contains("| commits |"), "\(wide)")
        // The test and its state stay, as do its failed runs; each row has as many cells as the header.
        let header = "| test | state | failed runs |\n|---|---|---:|\n"
        #expect(wide.contains(header), "\(wide)")
        let row = wide.components(separatedBy: header).dropFirst().first?.split(separator: "\n").first ?? ""
        #expect(row.filter { $0 == "|" }.count == 4, "\(row)")
        #expect(wide.contains("testAVeryLongParameterisedName"))
    }

    /// A cell's narrowest width is its longest piece that cannot wrap: spaces and `<wbr>` break,
    /// tags count nothing, an entity one character, an emoji one.
    @Test(
        "a cell's narrowest width skips tags, breaks at <wbr> and spaces, counts an entity and an emoji as one",
        arguments: [
            ("", 0), ("plain", 5), ("two words", 5), ("<code>Checkout<wbr>.PaymentSheet<wbr>.PayButton</code>", 13),
            ("<code>a&lt;b&gt;c</code>", 5), ("🆕 new", 3), ("flaky (main: 3 of 10 runs)", 6), ("x<wbr>", 1),
            ("<b>bold</b>", 4),
            ("<code>a</code><code>bc</code>", 3), ("&amp;&amp;&amp; x", 3), ("é̃e", 2),
        ])
    func visibleWidth(cell: String, width: Int) {
        #expect(MarkdownTable.visibleWidth(cell) == width)
    }
}
