/// The nightly trend report (`canopy trend`) in the dashboard shell: the time series over the
/// window and the tests that changed state first, then flaky tests and the latest run's tests.
package struct TrendRenderer: DashboardRenderer {
    package var rowLimit: Int

    package init(rowLimit: Int = 200) {
        self.rowLimit = rowLimit
    }

    package func render(_ dashboard: Dashboard) -> String {
        let data = HTMLDashboardData(dashboard.tests)
        let trend = dashboard.trend ?? DashboardTrend(window: "no history", points: [])
        var views = [
            HTMLView(
                id: "trend", label: "Trend",
                html: HTMLTrendView.render(trend, rowLimit: rowLimit, quarantine: dashboard.quarantinedTests)),
            HTMLView(
                id: "flaky", label: "Flaky tests",
                html: HTMLFixFirstView.render(dashboard.trend, rowLimit: rowLimit)
                    + HTMLFlakyView.render(
                        dashboard.flakyTests, elements: dashboard.flakyElements, rowLimit: rowLimit,
                        quarantine: dashboard.quarantinedTests, code: dashboard.code, window: dashboard.historyWindow)),
            HTMLView(
                id: "overview", label: "Latest run",
                html: HTMLOverviewView.render(dashboard, rowLimit: min(rowLimit, 200))),
        ]
        if !dashboard.metricSeries.isEmpty {
            views.append(
                HTMLView(
                    id: "performance", label: "Performance",
                    html: HTMLPerformanceView.render(dashboard.metricSeries, run: "the latest run")))
        }
        if dashboard.code != nil {
            views.append(HTMLView(id: "untested", label: "Untested UI", html: HTMLTreeView.untested(dashboard.code)))
        }
        // A tab with an empty table helps nobody: the latest run's tests only when there are some.
        if !dashboard.tests.isEmpty {
            views.append(
                HTMLView(id: "tests", label: "Tests", html: HTMLTestsView.render(data, total: dashboard.tests.count)))
        }
        return HTMLPage.render(
            dashboard: dashboard, heading: "Trend — " + dashboard.title, views: views, data: HTMLText.scriptJSON(data))
    }
}
