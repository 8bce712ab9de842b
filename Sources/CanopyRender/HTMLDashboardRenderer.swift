/// The HTML dashboard: one self-contained file that works opened from disk, offline.
///
/// Views: overview, identifier tree, failures, flaky tests, accessibility, tests (and the trend
/// when the dashboard has one). Lists drawn in HTML are capped at `rowLimit` entries with a note;
/// the tests table is drawn by the page's script from embedded JSON, one page at a time.
public struct HTMLDashboardRenderer: DashboardRenderer {
    /// The most entries a server-drawn list (clusters, flaky tests, audit issues, …) shows.
    public var rowLimit: Int

    public init(rowLimit: Int = 200) {
        self.rowLimit = rowLimit
    }

    public func render(_ dashboard: Dashboard) -> String {
        let data = HTMLDashboardData(dashboard.tests)
        var views = [
            HTMLView(id: "overview", label: "Overview", html: HTMLOverviewView.render(dashboard, rowLimit: min(rowLimit, 200))),
            HTMLView(id: "tree", label: "Identifier tree", html: HTMLTreeView.render(dashboard.identifierTree)),
            HTMLView(id: "failures", label: "Failures", html: HTMLFailuresView.render(dashboard, rowLimit: rowLimit)),
            HTMLView(id: "flaky", label: "Flaky tests", html: HTMLFlakyView.render(dashboard.flakyTests, rowLimit: rowLimit)),
            HTMLView(id: "accessibility", label: "Accessibility", html: HTMLAccessibilityView.render(dashboard.accessibility, rowLimit: rowLimit)),
            HTMLView(id: "tests", label: "Tests", html: HTMLTestsView.render(data, total: dashboard.tests.count)),
        ]
        if let trend = dashboard.trend {
            views.append(HTMLView(id: "trend", label: "Trend", html: HTMLTrendView.render(trend, rowLimit: rowLimit)))
        }
        return HTMLPage.render(dashboard: dashboard, heading: dashboard.title, views: views, data: HTMLText.scriptJSON(data))
    }
}
