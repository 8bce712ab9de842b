import CanopyRender
import Foundation
import Testing

/// The summary's and the PR comment's `📷 N` marks: where the failure's screenshots are, linked
/// when the page's URL (`CANOPY_DASHBOARD_URL`) or the CI build is known.
@Suite("Screenshot links in the summary and the PR comment")
struct ScreenshotLinkTests {
    static let key = "AppUITests.PodcastTests/testOpenEpisode@iPhone 16 Pro (18.2)"

    private func dashboard(dashboard page: String?, build: String?) -> Dashboard {
        var dashboard = DashboardSample.make()
        dashboard.links.dashboard = page
        dashboard.links.buildURL = build
        dashboard.newFailures = [
            DashboardNewFailure(
                test: Self.key, message: "XCTAssertTrue failed - Episode list did not appear", category: "assertion",
                screenshots: 2),
            DashboardNewFailure(
                test: "AppUITests.LoginTests/testLogout", message: "XCTAssertTrue failed", category: "assertion"),
        ]
        dashboard.stillFailing = [
            DashboardExcusedFailure(
                test: "AppUITests.CartTests/testPay", reason: "failing since 1a2b3c4",
                failure: DashboardNewFailure(
                    test: "AppUITests.CartTests/testPay", message: "Failed to tap", category: "elementNotFound",
                    screenshots: 1))
        ]
        return dashboard
    }

    /// Both renderings, the summary and the comment.
    private func renderings(_ dashboard: Dashboard) -> [String] {
        [MarkdownRenderer().render(dashboard), MarkdownComment().render(dashboard)]
    }

    @Test("the page's URL: each mark opens the test's attempts on the page")
    func pageURL() {
        let page = "https://example.gitlab.io/-/app/-/jobs/42/artifacts/Reports/site/index.html"
        for markdown in renderings(dashboard(dashboard: page, build: "https://gitlab.com/example/app/-/jobs/42")) {
            let anchor = page + "#test=AppUITests.PodcastTests%2FtestOpenEpisode%40iPhone%2016%20Pro%20%2818.2%29"
            #expect(markdown.contains("- ❌ <code>\(Self.key)</code> · [📷 2](\(anchor))"), "\(markdown)")
            // The comment names a failure it does not count as new on one line; the summary in full.
            if !markdown.contains("<details><summary>Other failing tests") {
                #expect(markdown.contains("[📷 1](\(page)#test=AppUITests.CartTests%2FtestPay)"), "\(markdown)")
            }
            #expect(
                markdown.contains(
                    "📷 N: the failure's screenshots; the mark opens the test's attempts, with their steps and screenshots, in the [dashboard](\(page))."
                ))
            // A failure without screenshots has no mark.
            #expect(markdown.contains("- ❌ <code>AppUITests.LoginTests/testLogout</code>\n"))
        }
    }

    @Test("no page URL on CI: the marks link the build, whose artifacts hold the page")
    func buildURL() {
        let build = "https://github.com/example/app/actions/runs/9182736450"
        for markdown in renderings(dashboard(dashboard: "/home/runner/work/app/Reports/site/index.html", build: build))
        {
            #expect(markdown.contains("- ❌ <code>\(Self.key)</code> · [📷 2](\(build))"), "\(markdown)")
            #expect(
                markdown.contains(
                    "📷 N: the failure's screenshots, under the test in the dashboard's Tests view: `site/index.html` in the [CI build](\(build))'s artifacts"
                ))
        }
    }

    @Test("neither: the marks say where the files are")
    func noURL() {
        for markdown in renderings(dashboard(dashboard: "Reports/site/index.html", build: nil)) {
            #expect(markdown.contains("- ❌ <code>\(Self.key)</code> · 📷 2\n"), "\(markdown)")
            #expect(
                markdown.contains(
                    "📷 N: the failure's screenshots, under the test in the dashboard's Tests view (`site/index.html` with `site/attachments/`)."
                ))
        }
    }

    @Test("a URL that already names a part of the page is linked as given")
    func urlWithFragment() {
        let links = DashboardLinks(dashboard: "https://example.github.io/app/#tests")
        #expect(links.screenshots(of: Self.key) == "https://example.github.io/app/#tests")
        #expect(DashboardLinks(dashboard: "javascript:alert(1)").screenshots(of: Self.key) == nil)
    }
}
