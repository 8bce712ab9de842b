/// Inline SVG charts: sparklines for the overview and line and bar charts for the trend.
/// Every chart has a text alternative (`role="img"` with a label); values also appear in tables.
enum SVGChart {
    /// Distinct series colours (`--cat0`…`--cat9` in the style sheet): a trend's causes rarely pass ten.
    static let palette = 10

    /// The share of the axis a ratio chart spans at least (ten percentage points), so that 99.3%
    /// against 100% reads as the small dip it is, not a fall to the bottom of the chart.
    static let ratioSpan = 0.1

    /// A small line of `values` (oldest first), 120×28; its axis spans at least `minimumSpan`.
    static func sparkline(_ values: [Double], label: String, minimumSpan: Double = 0) -> String {
        guard values.count >= 2 else { return "" }
        let points = scaled(values, width: 116, height: 24, inset: 2, axis: axis(values, minimumSpan: minimumSpan))
        let last = points[points.count - 1]
        return
            "<svg class=\"spark\" viewBox=\"0 0 120 28\" width=\"120\" height=\"28\" role=\"img\" aria-label=\"\(HTMLText.escapeRaw(label))\">"
            + "<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" points=\"\(polyline(points))\"/>"
            + "<circle cx=\"\(n(last.0))\" cy=\"\(n(last.1))\" r=\"2.5\" fill=\"currentColor\"/></svg>"
    }

    /// A line chart of one series over the trend points with the axis's bounds labelled and a point
    /// per run; the axis spans the values, and at least `minimumSpan` (extended downward, not below 0).
    static func line(
        title: String, values: [Double], labels: [String], minimumSpan: Double = 0, format: (Double) -> String
    ) -> String {
        guard !values.isEmpty else { return "" }
        let width = 560.0
        let height = 160.0
        let (low, high) = axis(values, minimumSpan: minimumSpan)
        let points = scaled(values, width: width - 84, height: height - 40, inset: 10, axis: (low, high)).map {
            ($0.0 + 60, $0.1 + 4)
        }
        var svg =
            "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTMLText.escapeRaw(title)): "
        svg +=
            "from \(HTMLText.escapeRaw(format(values[0]))) to \(HTMLText.escapeRaw(format(values[values.count - 1])))\">"
        svg += "<line class=\"axis\" x1=\"60\" y1=\"8\" x2=\"60\" y2=\"\(n(height - 18))\"/>"
        svg += "<line class=\"axis\" x1=\"60\" y1=\"\(n(height - 18))\" x2=\"\(n(width))\" y2=\"\(n(height - 18))\"/>"
        svg += dateTicks(labels, width: width, height: height)
        svg += "<text class=\"tick\" x=\"54\" y=\"20\" text-anchor=\"end\">\(HTMLText.escapeRaw(format(high)))</text>"
        svg +=
            "<text class=\"tick\" x=\"54\" y=\"\(n(height - 22))\" text-anchor=\"end\">\(HTMLText.escapeRaw(format(low)))</text>"
        svg += "<polyline class=\"series\" fill=\"none\" points=\"\(polyline(points))\"/>"
        for (index, point) in points.enumerated() {
            let label = index < labels.count ? labels[index] : ""
            svg +=
                "<circle class=\"dot\" cx=\"\(n(point.0))\" cy=\"\(n(point.1))\" r=\"3\"><title>\(HTMLText.escape(label)): \(HTMLText.escapeRaw(format(values[index])))</title></circle>"
        }
        return svg + "</svg>"
    }

    /// Stacked bars: one bar per run, one segment per category (patterned by order and named in the legend).
    static func stacked(title: String, series: [(name: String, values: [Int])], labels: [String]) -> String {
        let count = series.first?.values.count ?? 0
        guard count > 0 else { return "" }
        let width = 560.0
        let height = 160.0
        let totals = (0..<count).map { index in
            series.reduce(0) { $0 + (index < $1.values.count ? $1.values[index] : 0) }
        }
        let largest = max(1, totals.max() ?? 1)
        let maximum = Double(largest)
        let slot = (width - 70) / Double(count)
        let base = height - 18
        var svg =
            "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTMLText.escapeRaw(title))\">"
        svg += "<line class=\"axis\" x1=\"60\" y1=\"\(n(base))\" x2=\"\(n(width))\" y2=\"\(n(base))\"/>"
        svg += "<text class=\"tick\" x=\"54\" y=\"20\" text-anchor=\"end\">\(largest)</text>"
        svg += "<text class=\"tick\" x=\"54\" y=\"\(n(base - 4))\" text-anchor=\"end\">0</text>"
        svg += dateTicks(labels, width: width, height: height)
        for index in 0..<count {
            var y = base
            for (seriesIndex, entry) in series.enumerated() where index < entry.values.count && entry.values[index] > 0
            {
                let h = Double(entry.values[index]) / maximum * (base - 14)
                y -= h
                let label =
                    (index < labels.count ? labels[index] : "") + " · " + entry.name + ": \(entry.values[index])"
                svg +=
                    "<rect class=\"cat cat\(seriesIndex % SVGChart.palette)\" x=\"\(n(62 + Double(index) * slot))\" y=\"\(n(y))\" width=\"\(n(max(2, slot - 4)))\" height=\"\(n(h))\"><title>\(HTMLText.escape(label))</title></rect>"
            }
        }
        return svg + "</svg>"
    }

    /// Legend for `stacked`.
    static func legend(_ names: [String]) -> String {
        "<ul class=\"legend\">"
            + names.enumerated().map { index, name in
                "<li><span class=\"swatch cat\(index % SVGChart.palette)\" aria-hidden=\"true\"></span>\(HTMLText.escape(name, limit: 60))</li>"
            }.joined() + "</ul>"
    }

    /// The first and last run's label under the x axis.
    private static func dateTicks(_ labels: [String], width: Double, height: Double) -> String {
        guard let first = labels.first, let last = labels.last else { return "" }
        var out = "<text class=\"tick\" x=\"62\" y=\"\(n(height - 3))\">\(HTMLText.escape(first, limit: 40))</text>"
        if labels.count > 1 {
            out +=
                "<text class=\"tick\" x=\"\(n(width - 2))\" y=\"\(n(height - 3))\" text-anchor=\"end\">\(HTMLText.escape(last, limit: 40))</text>"
        }
        return out
    }

    /// The bounds of a chart's value axis: the values' range, widened downward (not below 0) to
    /// `minimumSpan`, then upward when 0 stops it.
    static func axis(_ values: [Double], minimumSpan: Double) -> (low: Double, high: Double) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 0
        if high - low < minimumSpan {
            low = min(low, max(0, high - minimumSpan))
            high = max(high, low + minimumSpan)
        }
        if high <= low {
            // One value, or all equal: an axis from zero (or the value, when negative) up to it.
            low = min(0, low)
            high = max(high, low + 1)
        }
        return (low, high)
    }

    private static func scaled(
        _ values: [Double], width: Double, height: Double, inset: Double, axis: (low: Double, high: Double)
    ) -> [(Double, Double)] {
        let (low, high) = axis
        let span = high - low
        let step = values.count > 1 ? width / Double(values.count - 1) : 0
        return values.enumerated().map { index, value in
            let ratio = span > 0 && value.isFinite ? (value - low) / span : 0.5
            return (inset + Double(index) * step, inset + (1 - ratio) * height)
        }
    }

    private static func polyline(_ points: [(Double, Double)]) -> String {
        points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
    }

    /// A coordinate with one decimal.
    static func n(_ value: Double) -> String { Format.fixed(value, digits: 1) }
}
