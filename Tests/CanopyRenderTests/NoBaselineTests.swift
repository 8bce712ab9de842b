import CanopyModel
import Foundation
import Testing

@testable import CanopyRender

@Suite("The first run of a branch")
struct NoBaselineTests {
    @Test(
        "without a baseline the summary and the comment say so, what 'new' meant, and what to do; with one they do not")
    func saysThereIsNoBaseline() {
        var dashboard = DashboardSample.make()
        #expect(!MarkdownRenderer().render(dashboard).contains("No baseline yet"))
        #expect(!MarkdownComment().render(dashboard).contains("No baseline yet"))
        dashboard.links.baseline = nil
        for text in [MarkdownRenderer().render(dashboard), MarkdownComment().render(dashboard)] {
            #expect(
                text.contains(
                    "> **No baseline yet:** history holds no earlier run of <code>feature/apple-pay-sheet</code>"),
                "\(text)")
            #expect(text.contains("every failing test counts as a new failure"))
            #expect(text.contains("Store the target branch's runs first") && text.contains("`--base-branch`"))
            // Before the failures it explains.
            if let note = text.range(of: "No baseline yet"), let failures = text.range(of: "### ❌ New failures") {
                #expect(note.lowerBound < failures.lowerBound)
            }
        }
    }
}
