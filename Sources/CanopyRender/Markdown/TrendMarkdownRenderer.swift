/// The Markdown variant of the trend report: each series as first → last with min, max and a
/// text sparkline, then the tests that changed state (shortened to fit `budget`).
package struct TrendMarkdownRenderer: DashboardRenderer {
    package var budget: Int

    package init(budget: Int = MarkdownRenderer.stepSummaryBudget) {
        self.budget = budget
    }

    package func render(_ dashboard: Dashboard) -> String {
        guard let trend = dashboard.trend, let first = trend.points.first, let last = trend.points.last else {
            return "## 📈 Trend — \(MarkdownText.escape(dashboard.title))\n\nNo runs in the window.\n"
        }
        var head = "## 📈 Trend — \(MarkdownText.escape(dashboard.title, limit: 120))\n\n"
        head += "\(Format.count(trend.points.count)) runs, \(MarkdownText.escape(trend.window, limit: 100)): "
        head += "\(Format.day(first.date)) → \(Format.day(last.date))\n\n"
        if let owner = trend.owner {
            head += MarkdownText.escape(DashboardWords.ownerSeries(owner), limit: 1_000) + "\n\n"
            head += "**" + MarkdownText.escape(DashboardWords.ownedSeries(owner), limit: 200) + "**\n\n"
        }
        head += Self.series(trend.points)
        if trend.owner != nil, !trend.wholeSuite.isEmpty {
            head += "**\(DashboardWords.wholeSuiteSeries)**\n\n" + Self.series(trend.wholeSuite)
        }
        let changes = MarkdownSection(
            name: "state changes",
            head:
                "### State changes (\(Format.count(trend.changes.count)))\n\n| date | test | from | to | commit |\n|---|---|---|---|---|\n",
            items: trend.changes.map { change in
                "| \(Format.day(change.date)) | \(MarkdownText.code(change.test, limit: 160)) | \(MarkdownSections.state(change.from, since: nil)) | "
                    + "\(MarkdownSections.state(change.to, since: nil)) | \(MarkdownText.code(change.commit, limit: 12)) |\n"
            })
        let flaky = MarkdownSections.flaky(dashboard.flakyTests, window: dashboard.historyWindow)
        let budgeter = MarkdownBudget(limit: budget, dashboard: dashboard.links.dashboard)
        return budgeter.fit(
            head: head,
            sections: [
                changes, MarkdownMetrics.section(dashboard.metricChanges, run: "the latest run"), Self.fixFirst(trend),
                flaky, MarkdownUntested.section(dashboard.code),
            ],
            foot: "<sub>Canopy · \(Format.timestamp(dashboard.generatedAt))</sub>\n")
    }

    /// Each series of `points` as first → last with min, max and a sparkline, a table.
    static func series(_ points: [DashboardTrendPoint]) -> String {
        var head = "| series | first | last | min | max | over the window |\n|---|---:|---:|---:|---:|---|\n"
        let rows: [(String, [Double?], (Double) -> String, Double)] = [
            ("Pass rate", points.map(\.passRate), Format.percent, SVGChart.ratioSpan),
            ("Passed on retry", points.map { Double($0.passedOnRetry) }, { Format.count($0) }, 0),
            ("Failed tests", points.map { Double($0.failed) }, { Format.count($0) }, 0),
            // Runs without snapshots measured no coverage: min, max and the sparkline are of
            // those that did; first and last are the window's first and last run's, as labelled.
            ("Identifier coverage", points.map(\.coverage), Format.percent, SVGChart.ratioSpan),
            ("Audit issues", points.map { Double($0.auditIssues) }, { Format.count($0) }, 0),
            ("Test time (sum)", points.map(\.duration), Format.duration, 0),
        ]
        for (label, series, format, span) in rows {
            let values = series.compactMap { $0 }
            guard !values.isEmpty else {
                head += "| \(label) | not measured | not measured | – | – | |\n"
                continue
            }
            func at(_ value: Double??) -> String { (value ?? nil).map(format) ?? "not measured" }
            head += "| \(label) | \(at(series.first)) | \(at(series.last)) | \(format(values.min() ?? 0)) | "
            head += "\(format(values.max() ?? 0)) | \(Self.sparkline(values, minimumSpan: span)) |\n"
        }
        // Each failed test once, under its cause: a run's causes add up to its failed tests.
        for cause in DashboardTrend.causes(points) {
            let counts = points.map { point in point.failedByCause.first { $0.category == cause }?.count ?? 0 }
            head +=
                "| Failed tests: \(MarkdownText.escape(cause, limit: 40)) | \(counts[0]) | \(counts[counts.count - 1]) | "
            head += "\(counts.min() ?? 0) | \(counts.max() ?? 0) | \(Self.sparkline(counts.map(Double.init))) |\n"
        }
        return head + "\n"
    }

    /// The Fix first list (`DashboardTrend.fixFirst`), ranked by cost, with owners; empty when
    /// no test is flaky.
    static func fixFirst(_ trend: DashboardTrend) -> MarkdownSection {
        let rows = trend.fixFirst
        guard !rows.isEmpty else { return MarkdownSection(name: "fix first", head: "", items: []) }
        var head = "### \(FixFirstWords.heading) (\(Format.count(rows.count)))\n\n"
        head += MarkdownText.escape(FixFirstWords.lede, limit: 1_000) + "\n\n"
        for total in trend.ownerCosts { head += "- " + MarkdownText.escape(FixFirstWords.ownerTotal(total)) + "\n" }
        if !trend.ownerCosts.isEmpty { head += "\n" }
        head += "| # | test | owners | cost |\n|---:|---|---|---|\n"
        return MarkdownSection(
            name: "fix first", head: head,
            items: rows.enumerated().map { rank, row in
                "| \(rank + 1) | \(MarkdownText.code(row.test, limit: 160))"
                    + (row.quarantined ? " 🧊 \(FixFirstWords.quarantined)" : "") + " | "
                    + MarkdownText.escape(FixFirstWords.owners(row.owners)) + " | "
                    + MarkdownText.escape(FixFirstWords.cost(row.cost)) + " |\n"
            })
    }

    /// `▁▂▅█` for the values scaled on `SVGChart.axis` (their range, at least `minimumSpan`).
    static func sparkline(_ values: [Double], minimumSpan: Double = 0) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        guard !values.isEmpty else { return "" }
        let (low, high) = SVGChart.axis(values, minimumSpan: minimumSpan)
        let span = high - low
        return String(
            values.suffix(60).map { value in
                Int(exactly: ((value - low) / span * 7).rounded()).map { bars[max(0, min(7, $0))] } ?? bars[3]
            })
    }
}
