import Foundation
import Testing

@testable import CanopyRender

@Suite("the comment's ready-to-paste quarantine lines")
struct QuarantineHintTests {
    @Test("a new flaky test carries, collapsed, the exact quarantine add line with its evidence")
    func newFlakyTest() throws {
        let dashboard = DashboardSample.make()
        let comment = MarkdownComment().render(dashboard)
        let block = try #require(comment.range(of: "<details><summary>🧊 Quarantine lines, if these are flaky (1)"))
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        let until = day.string(from: dashboard.generatedAt.addingTimeInterval(30 * 86_400))
        let line = try #require(
            comment.range(
                of:
                    "  canopy quarantine add 'ShopfrontUITests.AddressTests/testEditAddress' --reason 'flaky: failed in "
            ),
            "\(comment)")
        #expect(block.upperBound < line.lowerBound)
        #expect(comment.contains(" --until \(until)\n  ```\n"))
        // A quarantined test is not suggested again.
        #expect(!comment.contains("quarantine add 'ShopfrontUITests.SearchTests/testSearchSuggestions'"))
    }

    @Test("a hostile name stays one quoted shell word inside a fence it cannot close")
    func hostileName() {
        #expect(MarkdownQuarantineHints.shellQuoted("a'b\nc\u{202E}") == "'a'\\''b c\u{FFFD}'")
        var dashboard = DashboardSample.make()
        dashboard.flakyTests = dashboard.flakyTests.map {
            var test = $0
            if test.isNew { test.test = "X/test```; rm -rf ~" }
            return test
        }
        let comment = MarkdownComment().render(dashboard)
        #expect(comment.contains("  ````sh\n  canopy quarantine add 'X/test```; rm -rf ~' --reason"), "\(comment)")
    }
}
