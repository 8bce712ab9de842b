import CanopyModel
import Foundation
import Testing

@testable import CanopyRender

@Suite("Dashboard view model")
struct DashboardModelTests {
    @Test func codableRoundTrip() throws {
        let sample = DashboardSample.make()
        let data = try JSONEncoder().encode(sample)
        #expect(try JSONDecoder().decode(Dashboard.self, from: data) == sample)
    }

    @Test func kpiChangeAndCoverage() {
        #expect(DashboardKPI(0.784, baseline: 0.771).change.map { abs($0 - 0.013) < 1e-9 } == true)
        #expect(DashboardKPI(3).change == nil)
        #expect(
            DashboardTreeNode(path: "A", segment: "A", depth: 0, childCount: 0, elements: 0, identified: 0).coverage
                == 1)
        #expect(
            DashboardTreeNode(path: "A", segment: "A", depth: 0, childCount: 0, elements: 4, identified: 3).coverage
                == 0.75)
    }

    @Test("failures the gate did not count: ten named on the page with how many more, all in the Markdown")
    func excusedFailures() {
        var dashboard = DashboardSample.make()
        dashboard.excusedFailures = (1...12).map {
            DashboardExcusedFailure(test: "Suite/test\($0)", reason: $0 == 1 ? "quarantined" : "known flaky")
        }
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(html.contains("<h3>Failing, not counted as new <span class=\"count\">12</span></h3>"))
        #expect(html.contains("<code>Suite/test1</code></div><p class=\"f-note muted\">quarantined</p>"))
        #expect(html.contains("<code>Suite/test2</code></div><p class=\"f-note muted\">known flaky</p>"))
        #expect(
            html.contains(
                "<code>Suite/test10</code></div><p class=\"f-note muted\">known flaky</p></li></ul>"
                    + "<p class=\"more\">Showing 10 of 12; the Tests view lists every failed test.</p>"))
        #expect(!html.contains("Suite/test11"))
        let markdown = MarkdownRenderer().render(dashboard)
        #expect(
            markdown.contains(
                "### Failing, not counted as new (12)\n\n- ❌ <code>Suite/test1</code>\n  - quarantined\n"),
            "\(markdown)")
        #expect(markdown.contains("- ❌ <code>Suite/test12</code>\n  - known flaky\n"))
        // None: no section, and the page's empty new-failures line stays as it was.
        dashboard.excusedFailures = []
        #expect(!MarkdownRenderer().render(dashboard).contains("Not counted"))
    }

    /// A new failure the runner caused (lost test manager) was listed like the app's own.
    @Test("a new failure of an infrastructure cause is marked as such in the page and the Markdown")
    func infrastructureNewFailures() {
        var dashboard = DashboardSample.make()
        dashboard.newFailures = [
            DashboardNewFailure(
                test: "Suite/testLost", message: "Lost connection to the test manager service.",
                category: "testRunnerInfrastructure",
                isInfrastructure: true)
        ]
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(
            html.contains(
                "testRunnerInfrastructure</span> <span class=\"chip warn\"><span aria-hidden=\"true\">⚙</span> infrastructure</span></p>"
            ))
        #expect(
            MarkdownRenderer().render(dashboard).contains("  - cause **testRunnerInfrastructure** (infrastructure 🏗️)\n")
        )
    }

    /// `Podcast-{id}-row` says which element; the row the test hit says which data.
    @Test("a new failure shows the identifier as written beside its template when they differ")
    func rawIdentifierBesideTemplate() {
        var dashboard = DashboardSample.make()
        dashboard.newFailures = [
            DashboardNewFailure(
                test: "Feed/testOpen", message: "No matches found", category: "elementNotFound",
                identifier: "Podcast-{id}-row", rawIdentifier: "Podcast-42-row"),
            DashboardNewFailure(
                test: "Pay/testPay", message: "No matches found", category: "elementNotFound",
                identifier: "Checkout.Pay", rawIdentifier: "Checkout.Pay"),
        ]
        #expect(dashboard.newFailures[1].rawIdentifier == nil)
        let markdown = MarkdownRenderer().render(dashboard)
        #expect(
            markdown.contains("  - element <code>Podcast-{id}-row</code> (written <code>Podcast-42-row</code>)\n"),
            "\(markdown)")
        #expect(markdown.contains("  - element <code>Checkout.Pay</code>\n"))
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(
            html.contains(
                "<code>Podcast-{id}-row</code> <span class=\"muted\">written</span> <code>Podcast-42-row</code></p>"))
        #expect(html.contains("<code>Checkout.Pay</code></p>"))
    }

    /// A JUnit-only run has no element-tree snapshots: its coverage is not 0.0%, it was not measured.
    @Test("identifier coverage a run could not measure reads 'not measured', with no change")
    func coverageNotMeasured() {
        var dashboard = DashboardSample.make()
        dashboard.headline.identifierCoverage = DashboardKPI(0, baseline: 0.8, isMeasured: false)
        let markdown = MarkdownRenderer().render(dashboard)
        #expect(markdown.contains("identifier coverage **not measured**"), "\(markdown.prefix(600))")
        #expect(markdown.contains("| Identifier coverage | not measured | – |"), "\(markdown.prefix(1500))")
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(
            html.contains(
                "<span class=\"kpi-label\">Identifier coverage</span><span class=\"kpi-value\">not measured</span>"))
    }

    /// A test going from 3.8 s to 95 s showed only as the run's total time going up.
    @Test("tests much slower than the baseline are listed with their times, in the page and the Markdown")
    func slowerTests() {
        var dashboard = DashboardSample.make()
        #expect(!MarkdownRenderer().render(dashboard).contains("Slower than the baseline"))
        dashboard.slowerTests = [SlowerTest(testKey: "Player/testChapters", before: 3.8, after: 95)]
        let markdown = MarkdownRenderer().render(dashboard)
        #expect(
            markdown.contains("<details><summary>🐢 Slower than the baseline (1)</summary>\n\n| test |"), "\(markdown)")
        #expect(
            markdown.contains("| <code>Player/testChapters</code> | 3.8s | 1m 35s | +1m 31s (×25.0) |"), "\(markdown)")
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(html.contains("<h3>Slower than the baseline <span class=\"count\">1</span></h3>"))
    }

    /// The suites view of the report tools: classes with their counts, failing ones first.
    @Test("the Tests view lists the classes with their counts, those with failures first")
    func byClass() throws {
        let dashboard = DashboardSample.make()
        let classes = DashboardClassRow.classes(of: dashboard.tests)
        #expect(classes.count > 1)
        #expect(classes.first.map { $0.failed > 0 } == true)
        #expect(classes.reduce(0) { $0 + $1.tests } == dashboard.tests.count)
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(
            html.contains(
                "<details class=\"classes\"><summary>By class <span class=\"count\">\(classes.count)</span></summary>"))
        #expect(html.contains("<label>Class<select id=\"t-class\">"))
        // The summary lists the classes with failed tests, tests passed on retry or flaky tests (by
        // their state over the window: those the flaky tests list).
        let markdown = MarkdownRenderer().render(dashboard)
        let failing = dashboard.classes.filter(\.isNotable)
        #expect(failing.reduce(0) { $0 + $1.flaky } == dashboard.flakyTests.count)
        #expect(
            markdown.contains(
                "### Classes with failed, passed-on-retry or flaky tests (\(failing.count) of \(classes.count))\n\n"),
            "\(markdown)")
        #expect(markdown.contains("| <code>\(failing[0].className)</code> |"))
    }

    @Test func largeGeneratorHasTheAdvertisedSize() {
        let large = Fixtures.large
        #expect(large.tests.count == 100_000)
        #expect(large.newFailures.count == 10_000)
        #expect(Int(large.headline.failed.value) == 10_000)
    }

    @Test func treeWithSkippedDepthsStillRendersBalancedLists() {
        var dashboard = DashboardSample.make()
        dashboard.identifierTree = [
            DashboardTreeNode(path: "A", segment: "A", depth: 0, childCount: 1, elements: 2, identified: 1),
            DashboardTreeNode(path: "A.B.C", segment: "C", depth: 2, childCount: 0, elements: 2, identified: 1),
            DashboardTreeNode(path: "D", segment: "D", depth: 0, childCount: 0, elements: 1, identified: 1),
        ]
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(html.components(separatedBy: "<ul").count == html.components(separatedBy: "</ul>").count)
        #expect(html.contains("aria-expanded=\"false\" aria-controls=\"tn0\""))
    }
}
