/// The overview: status at a glance, key figures with their change and trend sparklines, gates,
/// links and the new failures.
enum HTMLOverviewView {
    /// Tests named in the "not counted as new failures" line.
    static let excusedLimit = 10

    /// `: message (cause)` of a test listed by name, when its failure is known.
    static func failureText(_ failure: DashboardExcusedFailure) -> String {
        guard let message = failure.message else { return "" }
        return ": <span class=\"msg\">\(HTMLText.escape(message, limit: 200))</span>" + (failure.category.map { " <span class=\"chip\">\(HTMLText.escape($0, limit: 60))</span>" } ?? "")
    }

    static func render(_ dashboard: Dashboard, rowLimit: Int) -> String {
        let h = dashboard.headline
        var out = "<h2 class=\"sr\">Overview</h2>"
        out += status(dashboard)
        let points = dashboard.trend?.points ?? []
        let kpis: [(String, DashboardKPI, KPIUnit, Bool?, [Double])] = [
            ("Tests", h.tests, .count, nil, []),
            ("Passed", h.passed, .count, true, []),
            ("Failed", h.failed, .count, false, points.map { Double($0.failures) }),
            ("Flaky", h.flaky, .count, false, points.map { Double($0.flaky) }),
            ("Skipped", h.skipped, .count, nil, []),
            ("Pass rate", h.passRate, .ratio, true, points.map(\.passRate)),
            ("Identifier coverage", h.identifierCoverage, .ratio, true, points.map(\.coverage)),
            ("Audit errors", h.auditErrors, .count, false, points.map { Double($0.auditErrors) }),
            ("Audit warnings", h.auditWarnings, .count, false, points.map { Double($0.auditIssues - $0.auditErrors) }),
            ("Test time (sum)", h.duration, .seconds, false, points.map(\.duration)),
        ]
        out += "<ul class=\"kpis\">"
        for (label, kpi, unit, higherIsBetter, series) in kpis {
            out += "<li class=\"kpi\"><span class=\"kpi-label\">\(label)</span><span class=\"kpi-value\">\(Format.value(kpi, unit))</span>"
            if let change = Format.change(kpi, unit) {
                let judgement = Format.judgement(kpi, higherIsBetter: higherIsBetter)
                let arrow = (kpi.change ?? 0) > 0 ? "▲" : "▼"
                let words = judgement == .neutral ? "vs baseline" : "\(judgement.rawValue) than baseline"
                out += "<span class=\"kpi-change \(judgement.rawValue)\"><span aria-hidden=\"true\">\(arrow)</span> \(change) <small>\(words)</small></span>"
            } else {
                out += "<span class=\"kpi-change neutral\"><small>\(kpi.baseline == nil ? "no baseline" : "no change")</small></span>"
            }
            let title = "\(label) over the last \(series.count) runs"
            out += SVGChart.sparkline(series, label: title) + "</li>"
        }
        out += "</ul>"

        if !dashboard.gates.isEmpty {
            out += "<h3>Gates</h3><table class=\"grid\"><thead><tr><th scope=\"col\">Gate</th><th scope=\"col\">Result</th><th scope=\"col\">Detail</th></tr></thead><tbody>"
            for gate in dashboard.gates {
                let result = gate.passed ? "<span class=\"chip pass\"><span aria-hidden=\"true\">✓</span> passed</span>"
                    : "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> failed</span>"
                out += "<tr><td>\(HTMLText.escape(gate.name))</td><td>\(result)</td><td>\(HTMLText.escape(gate.detail))</td></tr>"
            }
            out += "</tbody></table>"
        }

        out += "<h3>New failures <span class=\"count\">\(Format.count(dashboard.newFailures.count))</span></h3>"
        if dashboard.newFailures.isEmpty {
            let none = dashboard.excusedFailures.isEmpty ? "No failures that the baseline did not have." : "No new failures that the gate counts."
            out += "<p class=\"empty\"><span aria-hidden=\"true\">✓</span> \(none)</p>"
        } else {
            out += "<table class=\"grid\"><thead><tr><th scope=\"col\">Test</th><th scope=\"col\">Failure</th><th scope=\"col\">Cause</th><th scope=\"col\">Identifier</th><th scope=\"col\">Location</th></tr></thead><tbody>"
            for failure in dashboard.newFailures.prefix(rowLimit) {
                out += "<tr><td><code>\(HTMLText.escape(failure.test))</code></td><td class=\"msg\">\(HTMLText.escape(failure.message))"
                if let note = failure.note { out += "<br><span class=\"muted\">\(HTMLText.escape(note))</span>" }
                out += "</td>"
                out += "<td><span class=\"chip\">\(HTMLText.escape(failure.category, limit: 60))</span>"
                if failure.isInfrastructure { out += " <span class=\"chip warn\"><span aria-hidden=\"true\">⚙</span> infrastructure</span>" }
                out += "</td>"
                out += "<td>\(failure.identifier.map { "<code>\(HTMLText.escape($0))</code>" } ?? "–")"
                if let raw = failure.rawIdentifier { out += " <span class=\"muted\">(<code>\(HTMLText.escape(raw))</code>)</span>" }
                if let source = failure.identifierFoundIn {
                    out += " <span class=\"muted\">← \(source == "steps" ? "the steps before it" : "its output")</span>"
                }
                out += "</td>"
                out += "<td>\(failure.location.map { HTMLText.link($0, url: failure.locationURL) } ?? "–")</td></tr>"
            }
            out += "</tbody></table>"
            out += HTMLParts.more(shown: min(rowLimit, dashboard.newFailures.count), of: dashboard.newFailures.count, hint: "the Tests view lists every failed test")
        }
        if !dashboard.excusedFailures.isEmpty {
            let shown = dashboard.excusedFailures.prefix(excusedLimit).map { "<code>\(HTMLText.escape($0.test))</code> (\(HTMLText.escape($0.reason)))\(Self.failureText($0))" }
            let more = dashboard.excusedFailures.count > excusedLimit
                ? " and \(Format.count(dashboard.excusedFailures.count - excusedLimit)) more (the Tests view lists every failed test)" : ""
            out += "<p class=\"muted\">Not counted as new failures: \(shown.joined(separator: ", "))\(more).</p>"
        }
        if !dashboard.stillFailing.isEmpty {
            let shown = dashboard.stillFailing.prefix(excusedLimit).map { "<code>\(HTMLText.escape($0.test))</code> (\(HTMLText.escape($0.reason)))\(Self.failureText($0))" }
            let more = dashboard.stillFailing.count > excusedLimit
                ? " and \(Format.count(dashboard.stillFailing.count - excusedLimit)) more (the Tests view lists every failed test)" : ""
            out += "<p class=\"muted\">Still failing, as in the baseline: \(shown.joined(separator: ", "))\(more).</p>"
        }
        if !dashboard.slowerTests.isEmpty {
            out += "<h3>Slower than the baseline <span class=\"count\">\(Format.count(dashboard.slowerTests.count))</span></h3>"
            out += "<p class=\"lede\">Twice the baseline's time and five seconds more, or beyond.</p>"
            out += "<table class=\"grid\"><thead><tr><th scope=\"col\">Test</th><th scope=\"col\" class=\"n\">Baseline</th><th scope=\"col\" class=\"n\">Now</th><th scope=\"col\" class=\"n\">Change</th></tr></thead><tbody>"
            for slower in dashboard.slowerTests.prefix(rowLimit) {
                out += "<tr><td><code>\(HTMLText.escape(slower.test))</code></td><td class=\"n\">\(Format.duration(slower.before))</td>"
                out += "<td class=\"n\">\(Format.duration(slower.after))</td><td class=\"n\">+\(Format.duration(slower.after - slower.before)) (×\(Format.fixed(slower.after / max(slower.before, 0.001), digits: 1)))</td></tr>"
            }
            out += "</tbody></table>"
        }
        return out
    }

    private static func status(_ dashboard: Dashboard) -> String {
        let h = dashboard.headline
        let failedGates = dashboard.gates.filter { !$0.passed }.count
        let icon =
            switch h.status {
            case .passed: "✓"
            // The job fails on a gate: that is the red state; failing tests the gates allow are a warning.
            case .failed: "!"
            case .gateFailed, .testsFailed: "✗"
            }
        let word = h.status.title
        var text = "\(Format.count(Int(h.failed.value))) failed, \(Format.count(Int(h.flaky.value))) flaky, "
        text += "\(Format.count(Int(h.skipped.value))) skipped of \(Format.count(Int(h.tests.value))) tests"
        if !dashboard.gates.isEmpty { text += " · \(failedGates) of \(dashboard.gates.count) gates failed" }
        return "<div class=\"status \(h.status.rawValue)\" role=\"status\"><span class=\"status-icon\" aria-hidden=\"true\">\(icon)</span>"
            + "<div><strong>\(word)</strong><span>\(text)</span></div></div>"
    }
}
