import CanopyModel
import CanopyRender
import Foundation
import Testing

/// Elements several tests fail on flakily: a section of the summary and of the page's flaky view.
@Suite("Flaky elements in the summary and the dashboard")
struct FlakyElementsRenderTests {
    static func dashboard(elements: [FlakyElement]) -> Dashboard {
        var dashboard = DashboardSample.make()
        dashboard.flakyElements = elements
        return dashboard
    }

    static let elements = [
        FlakyElement(
            identifier: "Checkout.PaymentSheet.PayButton",
            tests: ["A/testOne", "A/testTwo", "B/testThree", "B/testFour", "C/testFive"], failingTests: 7,
            seconds: 85.2, runsWithFailures: 6, failedRuns: 2),
        FlakyElement(identifier: "Feed.<Header>", tests: ["F/testA", "F/testB"], failingTests: 2),
    ]

    /// Evidence shows five commits and says how many more there are, on both outputs.
    @Test func flakyEvidenceSaysHowManyCommitsAreLeftOut() {
        var dashboard = DashboardSample.make()
        dashboard.flakyTests = [
            DashboardFlakyTest(
                test: "A/testPull", score: 0.8, state: .flaky,
                evidence: DashboardFlakyEvidence(
                    runs: 13, failedRuns: 9, flips: 6, retries: 9, commits: (1...9).map { "c\($0)" }))
        ]
        #expect(
            MarkdownRenderer().render(dashboard).contains(
                "<code>c1</code> <code>c2</code> <code>c3</code> <code>c4</code> <code>c5</code> +4 more |"))
        #expect(
            HTMLDashboardRenderer().render(dashboard).contains("<code>c5</code> <span class=\"muted\">+4 more</span>"))
        // Infrastructure flakes are evidence too.
        dashboard.flakyTests[0].evidence.infrastructureFlakes = 2
        #expect(MarkdownRenderer().render(dashboard).contains("| 13 | 9 | 6 | 9 +2 infra | "))
        #expect(
            HTMLDashboardRenderer().render(dashboard).contains(
                "<td class=\"n\">9 <span class=\"muted\">+2 infra</span></td>"))
    }

    /// In a pull request comment a path on the CI machine means nothing: the foot points at the build.
    @Test func theFootPointsAtTheBuildForADashboardOnTheCIMachine() {
        var dashboard = DashboardSample.make()
        dashboard.links.dashboard = "/home/runner/work/app/Reports/site/index.html"
        dashboard.links.buildURL = "https://github.com/acme/app/actions/runs/9"
        let text = MarkdownRenderer().render(dashboard)
        #expect(!text.contains("/home/runner"))
        #expect(text.contains("full dashboard: <code>site"), "\(text.suffix(300))")
        #expect(text.contains("(https://github.com/acme/app/actions/runs/9)'s artifacts"), "\(text.suffix(300))")
    }

    @Test func summaryListsEachElementWithItsTests() {
        let text = MarkdownRenderer().render(Self.dashboard(elements: Self.elements))
        let section = text.range(of: "### 🎯 Flaky elements (2)")
        #expect(section != nil)
        #expect(
            text.contains(
                "| <code>Checkout.PaymentSheet.PayButton</code> | 5 | 7 | failed 2 runs outright · 1m 25s of CI | <code>A/testOne</code> <code>A/testTwo</code> <code>B/testThree</code> and 2 more |"
            ))
        // A cell that starts like an ordered list's item is escaped.
        #expect(text.contains("| <code>Feed.&lt;Header></code> | 2 | 2 | 0\\.0s of CI |"))
        // After the flaky tests, before the failures by identifier.
        if let section, let flaky = text.range(of: "### 🔁 Flaky tests"),
            let byIdentifier = text.range(of: "### 🌳 Failed tests by identifier")
        {
            #expect(flaky.lowerBound < section.lowerBound && section.lowerBound < byIdentifier.lowerBound)
        }
    }

    @Test func pageShowsTheElementsAboveTheFlakyTests() {
        let html = HTMLDashboardRenderer().render(Self.dashboard(elements: Self.elements))
        let heading = html.range(of: "<h2>Flaky elements <span class=\"count\">2</span></h2>")
        #expect(heading != nil)
        #expect(html.contains("<td><code>Feed.&lt;Header&gt;</code></td><td class=\"n\">2</td>"))
        #expect(html.contains("<td class=\"n\">7</td><td>failed 2 runs outright · 1m 25s of CI</td>"))
        #expect(!html.contains("<code>Feed.<Header>"))
        if let heading, let tests = html.range(of: "<h2>Flaky tests") { #expect(heading.lowerBound < tests.lowerBound) }
    }

    @Test func nothingWhenNoElementIsFlaky() {
        let dashboard = Self.dashboard(elements: [])
        #expect(!MarkdownRenderer().render(dashboard).contains("Flaky elements"))
        #expect(!HTMLDashboardRenderer().render(dashboard).contains("Flaky elements"))
    }
}
