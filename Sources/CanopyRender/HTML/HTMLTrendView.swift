/// The trend view: time series over the window and the tests that changed state.
enum HTMLTrendView {
    static func render(_ trend: DashboardTrend, rowLimit: Int, quarantine: [String: String] = [:]) -> String {
        var out = "<h2>Trend <span class=\"muted\">\(HTMLText.escape(trend.window))</span></h2>"
        let points = trend.points
        guard !points.isEmpty else { return out + "<p class=\"empty\">No runs in the window.</p>" }
        out +=
            "<p class=\"lede\">\(Format.plural(points.count, "run")) from \(Format.day(points[0].date)) to \(Format.day(points[points.count - 1].date)).</p>"
        if let owner = trend.owner {
            out += "<p>\(HTMLText.escape(DashboardWords.ownerSeries(owner)))</p>"
            out += "<h3>\(HTMLText.escape(DashboardWords.ownedSeries(owner)))</h3>"
        }
        out += series(points, rowLimit: rowLimit)
        if trend.owner != nil, !trend.wholeSuite.isEmpty {
            out += "<h3>\(DashboardWords.wholeSuiteSeries)</h3>" + series(trend.wholeSuite, rowLimit: rowLimit)
        }
        return out + changes(trend, rowLimit: rowLimit, quarantine: quarantine)
    }

    /// The charts of `points` and the same figures as a table.
    private static func series(_ points: [DashboardTrendPoint], rowLimit: Int) -> String {
        let labels = points.map { "\(Format.day($0.date)) · \(DisplayText.line($0.commit, limit: 12))" }
        var out = "<div class=\"charts\">"
        out += figure(
            "Pass rate",
            SVGChart.line(
                title: "Pass rate", values: points.map(\.passRate), labels: labels, minimumSpan: SVGChart.ratioSpan,
                format: Format.percent))
        out += figure(
            "Passed on retry",
            SVGChart.line(
                title: "Tests passed on retry", values: points.map { Double($0.passedOnRetry) }, labels: labels,
                format: { Format.count($0) }))
        // Each failed test once, under its cause: a run's stack is its failed tests.
        let causes = DashboardTrend.causes(points)
        let series = causes.map { cause in
            (
                name: cause,
                values: points.map { point in point.failedByCause.first { $0.category == cause }?.count ?? 0 }
            )
        }
        out += figure(
            "Failed tests by cause",
            causes.isEmpty
                ? "<p class=\"empty\">No test failed outright in the window.</p>"
                : SVGChart.stacked(title: "Failed tests by cause per run", series: series, labels: labels)
                    + SVGChart.legend(causes))
        // Runs without snapshots have no coverage: the line joins the runs that measured it.
        let measured = points.indices.filter { points[$0].coverage != nil }
        out += figure(
            "Identifier coverage",
            measured.isEmpty
                ? "<p class=\"empty\">Not measured: no run of the window had snapshots.</p>"
                : SVGChart.line(
                    title: "Identifier coverage", values: measured.compactMap { points[$0].coverage },
                    labels: measured.map { labels[$0] }, minimumSpan: SVGChart.ratioSpan, format: Format.percent))
        out += figure(
            "Audit issues",
            SVGChart.line(
                title: "Audit issues", values: points.map { Double($0.auditIssues) }, labels: labels,
                format: { Format.count($0) }))
        out += figure(
            "Test time (sum)",
            SVGChart.line(
                title: "Test time (sum)", values: points.map(\.duration), labels: labels, format: Format.duration))
        out += "</div>"

        out +=
            "<details><summary>The same figures as a table</summary><div class=\"scroll\"><table class=\"grid compact\"><thead><tr>"
        out +=
            "<th scope=\"col\">Date</th><th scope=\"col\">Commit</th><th scope=\"col\" class=\"n\">Pass rate</th><th scope=\"col\" class=\"n\">Passed on retry</th>"
        out +=
            "<th scope=\"col\" class=\"n\">Failed tests</th><th scope=\"col\" class=\"n\">Coverage</th><th scope=\"col\" class=\"n\">Audit issues</th><th scope=\"col\" class=\"n\">Duration</th></tr></thead><tbody>"
        for point in points.suffix(rowLimit) {
            out +=
                "<tr><td>\(Format.day(point.date))</td><td><code>\(HTMLText.escape(point.commit, limit: 12))</code></td><td class=\"n\">\(Format.percent(point.passRate))</td>"
            out +=
                "<td class=\"n\">\(point.passedOnRetry)</td><td class=\"n\">\(point.failed)</td><td class=\"n\">\(point.coverage.map(Format.percent) ?? "not measured")</td>"
            out +=
                "<td class=\"n\">\(point.auditIssues)</td><td class=\"n\">\(Format.duration(point.duration))</td></tr>"
        }
        return out + "</tbody></table></div></details>"
    }

    /// The tests that changed state in the window.
    private static func changes(_ trend: DashboardTrend, rowLimit: Int, quarantine: [String: String]) -> String {
        var out = "<h3>State changes <span class=\"count\">\(Format.count(trend.changes.count))</span></h3>"
        if trend.changes.isEmpty { return out + "<p class=\"empty\">No test changed state in the window.</p>" }
        out +=
            "<table class=\"grid\"><thead><tr><th scope=\"col\">Date</th><th scope=\"col\">Test</th><th scope=\"col\">From</th><th scope=\"col\">To</th><th scope=\"col\">Commit</th></tr></thead><tbody>"
        for change in trend.changes.prefix(rowLimit) {
            out +=
                "<tr><td>\(Format.day(change.date))</td><td><code>\(HTMLText.escape(change.test))</code>\(HTMLParts.quarantine(quarantine[change.test]))</td>"
            out +=
                "<td>\(HTMLParts.state(change.from, since: nil))</td><td>\(HTMLParts.state(change.to, since: nil))</td>"
            out += "<td><code>\(HTMLText.escape(change.commit, limit: 12))</code></td></tr>"
        }
        out += "</tbody></table>"
        return out
            + HTMLParts.more(
                shown: min(rowLimit, trend.changes.count), of: trend.changes.count, hint: "older changes are left out")
    }

    private static func figure(_ caption: String, _ chart: String) -> String {
        "<figure class=\"panel\"><figcaption>\(caption)</figcaption>\(chart)</figure>"
    }
}
