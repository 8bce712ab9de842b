import Foundation
import Testing

@testable import CanopyRender

/// A new failure's evidence of cause, worded once (`DashboardFailureEvidence.sentence`): the summary,
/// the comment and the page say the same facts, each in its own markup.
@Suite("A new failure's evidence of cause on the summary, the comment and the page")
struct FailureEvidenceRenderTests {
    static func dashboard() throws -> Dashboard {
        var dashboard = DashboardSample.make()
        _ = try #require(dashboard.newFailures.first)
        dashboard.newFailures[0].evidence = DashboardFailureEvidence(
            passing: .init(branch: "main", runs: 13, since: "ea2d9284aa"),
            changes: [
                .init(
                    file: "Podcasts/Login/LoginViewController.swift", line: 40,
                    url: "https://github.com/example/podcasts/blob/abc/Podcasts/Login/LoginViewController.swift#L40",
                    kind: .declares(identifier: "Login.Submit"))
            ], ofRequest: true)
        return dashboard
    }

    @Test("the same facts in Markdown and HTML")
    func sameFacts() throws {
        let dashboard = try Self.dashboard()
        let line =
            "passes on <code>main</code> in the last 13 runs (since <code>ea2d9284</code>) · this pull request changes "
            + "[Podcasts/Login/LoginViewController.swift](https://github.com/example/podcasts/blob/abc/Podcasts/Login/"
            + "LoginViewController.swift#L40), which declares <code>Login.Submit</code>"
        #expect(MarkdownRenderer().render(dashboard).contains("  - " + line + "\n"))
        #expect(MarkdownComment().render(dashboard).contains("  - " + line + "\n"))
        let page = HTMLDashboardRenderer().render(dashboard)
        #expect(
            page.contains(
                "<p class=\"f-evidence\">passes on <code>main</code> in the last 13 runs (since <code>ea2d9284</code>) · "
                    + "this pull request changes <a href=\"https://github.com/example/podcasts/blob/abc/Podcasts/Login/"
                    + "LoginViewController.swift#L40\" rel=\"noopener noreferrer\" target=\"_blank\">"
                    + "Podcasts/Login/LoginViewController.swift</a>, which declares <code>Login.Submit</code></p>"),
            "\(page.components(separatedBy: "f-evidence").dropFirst().first?.prefix(600) ?? "none")")
    }
}
