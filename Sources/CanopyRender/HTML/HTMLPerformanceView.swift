import CanopyModel

/// The Performance view: each XCTMetric the run measured, over the runs it was judged on — a
/// chart of every run's spread (least to greatest measurement) and median, the change when the
/// metric changed (the summary's sentence), and the same figures as a table.
enum HTMLPerformanceView {
    /// `run` names the run measured: "this run" on a run's page, "the latest run" on the trend's.
    static func render(_ series: [DashboardMetricSeries], run: String = "this run") -> String {
        let changed = series.filter { $0.change != nil }.count
        var out = "<h2>Performance</h2>"
        out +=
            "<p class=\"lede\">\(Format.plural(series.count, "metric")) measured in \(run), \(Format.count(changed)) changed across history. "
            + "Each run's measurements as a bar from the least to the greatest, its median a dot; a change is judged on "
            + "the measurements themselves (Mann–Whitney), against the earlier runs on the same destination.</p>"
        for entry in series {
            let name = MetricChange.metricName(identifier: entry.identifier, displayName: entry.displayName)
            var title = name + " · " + entry.testKey
            if let device = entry.device, !entry.testKey.hasSuffix("@" + device) { title += " · " + device }
            out += "<section class=\"panel\"><h3>\(HTMLText.escape(title))</h3>"
            if let change = entry.change {
                // The page's own marks (as ✗ and ✓ elsewhere), which every text font draws;
                // colour emoji need a font that many machines lack.
                let mark = change.direction == .regressed ? "▲" : change.direction == .improved ? "▼" : "↕"
                out += "<p><strong>\(mark) \(HTMLText.escape(change.sentence, limit: 600))</strong></p>"
            } else {
                out += "<p class=\"muted\">No change across history.</p>"
            }
            out += chart(entry, title: name)
            out += table(entry)
            out += "</section>"
        }
        return out
    }

    /// A value as the summary writes it (`MetricChange.valueText`).
    static func value(_ value: Double, unit: String?) -> String { MetricChange.valueText(value, unit: unit) }

    static func label(_ point: DashboardMetricSeries.Point) -> String {
        point.commit.map { String($0.prefix(7)) } ?? point.runKey
    }

    /// Bars of each run's spread and a line through its medians, 560×160, the axis's bounds labelled.
    static func chart(_ entry: DashboardMetricSeries, title: String) -> String {
        let points = entry.points
        guard !points.isEmpty else { return "" }
        let (width, height) = (560.0, 160.0)
        let (low, high) = SVGChart.axis(points.flatMap { [$0.minimum, $0.maximum] }, minimumSpan: 0)
        let step = points.count > 1 ? (width - 84) / Double(points.count - 1) : 0
        func x(_ index: Int) -> Double { 70 + Double(index) * step }
        func y(_ value: Double) -> Double { 14 + (1 - (value - low) / (high - low)) * (height - 40) }
        let first = points[0]
        let last = points[points.count - 1]
        var svg =
            "<svg class=\"chart\" viewBox=\"0 0 \(SVGChart.n(width)) \(SVGChart.n(height))\" role=\"img\" aria-label=\""
            + HTMLText.escapeRaw(
                "\(title): median from \(value(first.median, unit: entry.unit)) to \(value(last.median, unit: entry.unit)) over \(Format.plural(points.count, "run"))"
            )
            + "\">"
        svg += "<line class=\"axis\" x1=\"60\" y1=\"8\" x2=\"60\" y2=\"\(SVGChart.n(height - 18))\"/>"
        svg +=
            "<line class=\"axis\" x1=\"60\" y1=\"\(SVGChart.n(height - 18))\" x2=\"\(SVGChart.n(width))\" y2=\"\(SVGChart.n(height - 18))\"/>"
        svg +=
            "<text class=\"tick\" x=\"54\" y=\"20\" text-anchor=\"end\">\(HTMLText.escapeRaw(value(high, unit: entry.unit)))</text>"
        svg +=
            "<text class=\"tick\" x=\"54\" y=\"\(SVGChart.n(height - 22))\" text-anchor=\"end\">\(HTMLText.escapeRaw(value(low, unit: entry.unit)))</text>"
        svg +=
            "<text class=\"tick\" x=\"70\" y=\"\(SVGChart.n(height - 3))\">\(HTMLText.escape(label(first), limit: 40))</text>"
        if points.count > 1 {
            svg +=
                "<text class=\"tick\" x=\"\(SVGChart.n(width - 2))\" y=\"\(SVGChart.n(height - 3))\" text-anchor=\"end\">\(HTMLText.escape(label(last), limit: 40))</text>"
        }
        for (index, point) in points.enumerated() {
            svg +=
                "<line class=\"series\" stroke-width=\"6\" stroke-opacity=\"0.35\" x1=\"\(SVGChart.n(x(index)))\" y1=\"\(SVGChart.n(y(point.minimum)))\" x2=\"\(SVGChart.n(x(index)))\" y2=\"\(SVGChart.n(y(point.maximum)))\"/>"
        }
        let line = points.indices.map { "\(SVGChart.n(x($0))),\(SVGChart.n(y(points[$0].median)))" }
        svg += "<polyline class=\"series\" fill=\"none\" points=\"\(line.joined(separator: " "))\"/>"
        for (index, point) in points.enumerated() {
            svg +=
                "<circle class=\"dot\" cx=\"\(SVGChart.n(x(index)))\" cy=\"\(SVGChart.n(y(point.median)))\" r=\"3\"><title>"
                + HTMLText.escape(
                    "\(label(point)): median \(value(point.median, unit: entry.unit)), \(value(point.minimum, unit: entry.unit))–\(value(point.maximum, unit: entry.unit)) over \(point.count)"
                )
                + "</title></circle>"
        }
        return "<figure>" + svg + "</svg></figure>"
    }

    static func table(_ entry: DashboardMetricSeries) -> String {
        var out =
            "<details><summary>The same figures as a table</summary><div class=\"scroll\"><table class=\"grid compact\"><thead><tr>"
            + "<th scope=\"col\">Commit</th><th scope=\"col\">Measurements</th><th scope=\"col\">Least</th>"
            + "<th scope=\"col\">Median</th><th scope=\"col\">Greatest</th></tr></thead><tbody>"
        for point in entry.points.reversed() {
            out +=
                "<tr><td>\(HTMLText.escape(label(point)))</td><td>\(point.count)</td><td>\(value(point.minimum, unit: entry.unit))</td>"
                + "<td>\(value(point.median, unit: entry.unit))</td><td>\(value(point.maximum, unit: entry.unit))</td></tr>"
        }
        return out + "</tbody></table></div></details>"
    }
}
