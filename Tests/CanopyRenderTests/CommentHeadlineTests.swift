import Testing

@testable import CanopyRender

/// The comment's verdict line in a reviewer's words (`MarkdownComment.head`): what this pull
/// request broke, then what fails as on its target, known flaky or quarantined; never a gate's name
/// followed by its opposite.
@Suite("The comment's verdict line says what this pull request broke")
struct CommentHeadlineTests {
    static func dashboard(request: Bool) -> Dashboard {
        var dashboard = DashboardSample.make()
        dashboard.links.branch = request ? "feature/login" : "main"
        dashboard.historyWindow = DashboardHistoryWindow(branch: "main", runs: 13, plusThisRun: request)
        dashboard.stillFailing = [DashboardExcusedFailure(test: "A/testOld", reason: "failing since c13")]
        var quarantined = DashboardExcusedFailure(test: "A/testQ", reason: "quarantined until 2027-01-31: R")
        quarantined.quarantined = true
        dashboard.excusedFailures = [
            DashboardExcusedFailure(test: "A/testF1", reason: "known flaky"),
            DashboardExcusedFailure(test: "A/testF2", reason: "known flaky"), quarantined,
        ]
        return dashboard
    }

    /// ` · 1 new flaky test`, nothing when there is none.
    static func newFlaky(_ dashboard: Dashboard) -> String {
        let count = dashboard.flakyTests.filter(\.isNew).count
        return count == 0 ? "" : " · " + Format.plural(count, "new flaky test")
    }

    @Test("on a pull request: new failures in this pull request, then failing as on its target")
    func pullRequest() throws {
        let dashboard = Self.dashboard(request: true)
        let head = MarkdownComment.head(dashboard)
        let line = try #require(head.split(separator: "\n").first)
        let new = dashboard.newFailures.count
        #expect(
            line.hasSuffix(
                "— \(Format.plural(new, "new failure")) in this pull request · 1 failing as on <code>main</code> · "
                    + "2 known flaky · 1 quarantined"
                    + Self.newFlaky(dashboard)),
            "\(line)")
        #expect(!line.contains(":"), "no gate name in the verdict line: \(line)")
        #expect(head.contains("<sub>") && head.contains(" passed on retry of "))
    }

    @Test("on a branch's own run: in this run, still failing")
    func ownBranch() throws {
        let head = MarkdownComment.head(Self.dashboard(request: false))
        let line = try #require(head.split(separator: "\n").first)
        #expect(line.contains(" in this run · 1 still failing · 2 known flaky · 1 quarantined"), "\(line)")
    }
}
