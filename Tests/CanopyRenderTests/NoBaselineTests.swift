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

    @Test("a run with no branch: the note reads whole, naming no branch")
    func noBranchReadsWhole() {
        var dashboard = DashboardSample.make()
        dashboard.links.baseline = nil
        dashboard.links.branch = nil
        for text in [MarkdownRenderer().render(dashboard), MarkdownComment().render(dashboard)] {
            #expect(
                text.contains(
                    "> **No baseline yet:** history holds no earlier run to compare with, so nothing was compared"),
                "\(text)")
            #expect(!text.contains("or of the branch it targets"), "\(text)")
        }
    }

    @Test("history not read: the summary, the comment and the Slack message say so, not that it holds no baseline")
    func historyNotRead() throws {
        var dashboard = DashboardSample.make()
        dashboard.links.baseline = nil
        dashboard.historyRead = false
        dashboard.trend = nil  // as DashboardBuilder leaves it without history
        for text in [MarkdownRenderer().render(dashboard), MarkdownComment().render(dashboard)] {
            #expect(text.contains("> **History not read:** the store could not be read"), "\(text)")
            #expect(!text.contains("No baseline yet"), "\(text)")
            #expect(!text.contains("holds no earlier run"), "\(text)")
        }
        let slack = String(decoding: Data(try JSONOutput.fileBytes(SlackRenderer.run(dashboard))), as: UTF8.self)
        #expect(slack.contains("history not read"), "\(slack)")
        #expect(!slack.contains("no baseline yet"), "\(slack)")
    }
}
