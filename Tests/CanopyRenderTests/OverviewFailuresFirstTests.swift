import CanopyModel
import CanopyRender
import Foundation
import Testing

@Suite("The overview leads with the failing tests")
struct OverviewFailuresFirstTests {
    /// The overview's section of the rendered page.
    static func overview(_ dashboard: Dashboard) throws -> String {
        let page = HTMLDashboardRenderer().render(dashboard)
        let start = try #require(page.range(of: "id=\"view-overview\""))
        let end = try #require(page.range(of: "id=\"view-tree\""))
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test("each new failure comes before the flaky tests, the gates and the figures, with its cause and fix")
    func order() throws {
        let html = try Self.overview(DashboardSample.make())
        let failure = try #require(html.range(of: "ShopfrontUITests.CheckoutTests/testPayWithApplePay"))
        let flaky = try #require(html.range(of: "<h3>Flaky tests"))
        let gates = try #require(html.range(of: "<h3>Gates</h3>"))
        let figures = try #require(html.range(of: "<h3>Key figures</h3>"))
        #expect(failure.upperBound < flaky.lowerBound)
        #expect(flaky.upperBound < gates.lowerBound)
        #expect(gates.upperBound < figures.lowerBound)
        // The cause with what it means and what usually fixes it, not the bare name.
        #expect(html.contains("The element a query asked for was not on screen"))
        #expect(
            html.contains(
                "<strong>Usually fixed by:</strong> Wait for it and check the identifier in the app matches the test"))
        #expect(html.contains("<a href=\"#flaky\">All flaky tests"))
    }

    @Test("a failure shows its location link, the element as templated and as written, and its screenshot")
    func oneFailure() throws {
        var dashboard = DashboardSample.make()
        dashboard.newFailures = [
            DashboardNewFailure(
                test: "App.PodcastTests/testPlay", message: "Failed to tap Podcast-42-row",
                location: "PodcastTests.swift:12",
                locationURL: "https://github.com/example/app/blob/abc/PodcastTests.swift#L12",
                category: "element-not-found",
                identifier: "Podcast-{id}-row", rawIdentifier: "Podcast-42-row", screenshots: 1,
                identifierFoundIn: "steps")
        ]
        dashboard.tests.append(
            DashboardTestRow(
                key: "App.PodcastTests/testPlay", className: "App.PodcastTests", name: "testPlay", outcome: .failed,
                attempts: 1,
                details: [
                    DashboardAttemptDetail(
                        outcome: .failed,
                        attachments: [
                            DashboardAttachment(name: "log.txt", file: "attachments/aa.txt", isImage: false),
                            DashboardAttachment(name: "Before tap", file: "attachments/bb.png", isImage: true),
                            DashboardAttachment(
                                name: "Failure", file: "attachments/cc.png", isImage: true, isFailureAssociated: true),
                        ])
                ]))
        let html = try Self.overview(dashboard)
        #expect(html.contains("<a href=\"https://github.com/example/app/blob/abc/PodcastTests.swift#L12\""))
        #expect(
            html.contains(
                "<code>Podcast-{id}-row</code> <span class=\"muted\">written</span> <code>Podcast-42-row</code>"))
        #expect(html.contains("found in the steps before the failure"))
        // The image tied to the failure, not the attempt's first one.
        #expect(html.contains("<a class=\"f-shot\" href=\"attachments/cc.png\""))
        #expect(!html.contains("attachments/bb.png"))
    }

    @Test("a screenshot path that is not Canopy's own attachment is not linked")
    func unsafeScreenshot() throws {
        var dashboard = DashboardSample.make()
        let test = dashboard.newFailures[0].test
        dashboard.tests.append(
            DashboardTestRow(
                key: test, className: "X", name: "y", outcome: .failed, attempts: 1,
                details: [
                    DashboardAttemptDetail(
                        outcome: .failed,
                        attachments: [DashboardAttachment(name: "x", file: "javascript:alert(1)", isImage: true)])
                ]))
        let html = try Self.overview(dashboard)
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("class=\"f-shot\""))
    }

    @Test("still-failing and not-counted tests are listed in full after the new failures")
    func stillFailing() throws {
        var dashboard = DashboardSample.make()
        let known = DashboardNewFailure(
            test: "ShopfrontUITests.ProfileTests/testAvatar", message: "Avatar missing",
            location: "ProfileTests.swift:9", category: "assertion")
        dashboard.stillFailing = [
            DashboardExcusedFailure(test: known.test, reason: "failing since 1a2b3c4", failure: known)
        ]
        dashboard.excusedFailures = [
            DashboardExcusedFailure(
                test: "ShopfrontUITests.CatalogTests/testSearch", reason: "known flaky", message: "Timed out",
                category: "assertion")
        ]
        let html = try Self.overview(dashboard)
        let new = try #require(html.range(of: "testPayWithApplePay"))
        let still = try #require(html.range(of: "<h3>Still failing, as in the baseline"))
        let excused = try #require(html.range(of: "<h3>Failing, not counted as new"))
        #expect(new.upperBound < still.lowerBound && still.upperBound < excused.lowerBound)
        #expect(html.contains("failing since 1a2b3c4"))
        #expect(html.contains("ProfileTests.swift:9"))
        #expect(html.contains("<strong>Usually fixed by:</strong> Compare the expected"))
    }
}
