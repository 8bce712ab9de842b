/// The HTML dashboard: one self-contained file that works opened from disk, offline.
///
/// Views: overview, identifier tree, failures, flaky tests, accessibility, tests (and the trend
/// when the dashboard has one). Lists drawn in HTML are capped at `rowLimit` entries with a note;
/// the tests table is drawn by the page's script from embedded JSON, one page at a time.
package struct HTMLDashboardRenderer: DashboardRenderer {
    /// The most entries a server-drawn list (clusters, flaky tests, audit issues, …) shows.
    package var rowLimit: Int

    package init(rowLimit: Int = 200) {
        self.rowLimit = rowLimit
    }

    package func render(_ dashboard: Dashboard) -> String {
        render(dashboard, tests: renderTests(dashboard.tests))
    }

    /// The parts of the page drawn from the test rows alone: the tests view and its embedded
    /// JSON, most of a large run's page. `canopy run` renders them while history is read.
    package struct TestsPart: Sendable {
        fileprivate var view: String
        fileprivate var script: String
        fileprivate var count: Int
    }

    package func renderTests(_ tests: [DashboardTestRow]) -> TestsPart {
        let data = HTMLDashboardData(tests)
        return TestsPart(
            view: HTMLTestsView.controls(data),
            script: HTMLText.scriptJSON(data),
            count: tests.count)
    }

    /// The page, with its tests part rendered beforehand from `dashboard.tests`.
    package func render(_ dashboard: Dashboard, tests: TestsPart) -> String {
        precondition(tests.count == dashboard.tests.count, "the tests part was rendered from other test rows")
        var views = [
            HTMLView(
                id: "overview", label: "Overview",
                html: HTMLOverviewView.render(dashboard, rowLimit: min(rowLimit, 200))),
            HTMLView(
                id: "tree", label: "Identifier tree",
                html: HTMLTreeView.render(dashboard.identifierTree, code: dashboard.code)),
            HTMLView(id: "failures", label: "Failures", html: HTMLFailuresView.render(dashboard, rowLimit: rowLimit)),
        ]
        if let destinations = dashboard.destinations {
            views.append(
                HTMLView(
                    id: "destinations", label: "Destinations",
                    html: HTMLDestinationsView.render(destinations, window: dashboard.historyWindow)))
        }
        views += [
            HTMLView(
                id: "flaky", label: "Flaky tests",
                html: HTMLFlakyView.render(
                    dashboard.flakyTests, changes: dashboard.newlyBrokenOrFixed, elements: dashboard.flakyElements,
                    rowLimit: rowLimit, history: dashboard.testHistory, quarantine: dashboard.quarantinedTests,
                    code: dashboard.code, window: dashboard.historyWindow)),
            HTMLView(
                id: "accessibility", label: "Accessibility",
                html: HTMLAccessibilityView.render(
                    dashboard.accessibility, rowLimit: rowLimit, quarantine: dashboard.quarantinedTests)),
            HTMLView(
                id: "tests", label: "Tests",
                html: HTMLTestsView.heading(total: tests.count) + HTMLTestsView.byClass(dashboard.classes) + tests.view),
        ]
        if !dashboard.metricSeries.isEmpty {
            views.append(
                HTMLView(
                    id: "performance", label: "Performance",
                    html: HTMLPerformanceView.render(dashboard.metricSeries)))
        }
        if let trend = dashboard.trend {
            views.append(
                HTMLView(
                    id: "trend", label: "Trend",
                    html: HTMLTrendView.render(trend, rowLimit: rowLimit, quarantine: dashboard.quarantinedTests)))
        }
        return HTMLPage.render(
            dashboard: dashboard, heading: dashboard.title, views: views, data: tests.script,
            destinations: dashboard.destinations)
    }
}
