import CanopyModel

/// The overview, failures first: the status, then each failing test (new, still failing, not
/// counted) with its message, location, cause and fix, element and screenshot; then the flaky
/// tests; then the gates, key figures with their change and trend sparklines, and slower tests.
enum HTMLOverviewView {
    /// Tests named in the "not counted as new failures" line.
    static let excusedLimit = 10

    /// Flaky tests listed on the overview; the Flaky tests view lists them all.
    static let flakyLimit = 10

    static func render(_ dashboard: Dashboard, rowLimit: Int) -> String {
        var out = "<h2 class=\"sr\">Overview</h2>"
        out += status(dashboard)
        out += missingTests(dashboard.missingTests)
        out += failing(dashboard, rowLimit: rowLimit)
        out += flaky(dashboard.flakyTests, history: dashboard.testHistory, window: dashboard.historyWindow)
        out += flaky(
            dashboard.newlyBrokenOrFixed, history: dashboard.testHistory, window: dashboard.historyWindow,
            title: "Newly broken or fixed", more: nil)
        out += figures(dashboard, rowLimit: rowLimit)
        return out
    }

    /// The failing tests: new, still failing, then those the gate did not count.
    static func failing(_ dashboard: Dashboard, rowLimit: Int) -> String {
        let causes = MarkdownFailures.causes(dashboard)
        let shots = HTMLFailureItem.screenshots(dashboard.tests)
        var out = "<h3>New failures <span class=\"count\">\(Format.count(dashboard.newFailures.count))</span></h3>"
        if dashboard.newFailures.isEmpty {
            let none =
                dashboard.excusedFailures.isEmpty && dashboard.stillFailing.isEmpty
                ? "No failures that the baseline did not have." : "No new failures that the gate counts."
            out += "<p class=\"empty\"><span aria-hidden=\"true\">✓</span> \(none)</p>"
        } else {
            out += HTMLFailureItem.byOwner(dashboard.code)
            out += "<ul class=\"failing\">"
            for failure in dashboard.newFailures.prefix(rowLimit) {
                out += HTMLFailureItem.render(
                    failure, causes: causes, screenshot: shots[failure.test],
                    history: dashboard.testHistory[failure.test])
            }
            out += "</ul>"
            out += HTMLParts.more(
                shown: min(rowLimit, dashboard.newFailures.count), of: dashboard.newFailures.count,
                hint: "the Tests view lists every failed test")
        }
        let still = dashboard.stillFailing.prefix(excusedLimit).map {
            HTMLFailureItem.render(
                $0, causes: causes, screenshot: shots[$0.test], history: dashboard.testHistory[$0.test])
        }
        out += HTMLFailureItem.list(
            "Still failing, as in the baseline", items: still, total: dashboard.stillFailing.count)
        let excused = dashboard.excusedFailures.prefix(excusedLimit).map {
            HTMLFailureItem.render(
                $0, causes: causes, screenshot: shots[$0.test], history: dashboard.testHistory[$0.test])
        }
        out += HTMLFailureItem.list(
            "Failing, not counted as new", items: excused, total: dashboard.excusedFailures.count)
        return out
    }

    /// The highest-ranked of `tests` (flaky ones, or those whose state changed) with their state
    /// and evidence over `window` under `title` and their count, and the link `more` to all of them.
    static func flaky(
        _ tests: [DashboardFlakyTest], history: [String: DashboardTestHistory] = [:],
        window: DashboardHistoryWindow? = nil, title: String = "Flaky tests",
        more: String? = "<a href=\"#flaky\">All flaky tests and their evidence →</a>"
    ) -> String {
        guard !tests.isEmpty else { return "" }
        var out =
            "<h3>\(title) <span class=\"count\">\(Format.count(tests.count))</span></h3><ul class=\"flaky-list\">"
        for test in tests.prefix(flakyLimit) {
            let e = test.evidence
            out += "<li><code>\(HTMLText.escape(test.test))</code> \(HTMLParts.state(test.state, since: test.since))"
            if test.isNew { out += " <span class=\"chip warn\">new</span>" }
            out += HTMLParts.quarantine(test.quarantine)
            out +=
                " <span class=\"muted\">"
                + (window.map { HTMLText.escape($0.failedIn(e.failedRuns, of: e.runs)) }
                    ?? "failed in \(Format.count(e.failedRuns)) of \(Format.plural(e.runs, "run"))")
            if let target = test.onTargetBranch { out += "; \(HTMLText.escape(target.text))" }
            out += "</span>" + HTMLHistoryStrip.render(history[test.test])
            if let message = test.lastMessage {
                out += "<div class=\"msg\">\(HTMLText.escape(message, limit: 200))</div>"
            }
            out += "</li>"
        }
        out += "</ul>"
        if let more { out += "<p class=\"more\">\(more)</p>" }
        if tests.count > flakyLimit, more == nil {
            out += "<p class=\"more\">…and \(Format.count(tests.count - flakyLimit)) more in the step summary.</p>"
        }
        return out
    }

    /// The baseline's tests this run lacks, by suite, and why.
    static func missingTests(_ missing: DashboardMissingTests?) -> String {
        guard let missing else { return "" }
        var out =
            "<h3>Tests that did not run <span class=\"count\">\(Format.count(missing.count))</span></h3>"
            + "<p>In the baseline, not in this run: \(HTMLText.escape(missing.cause)).</p><ul>"
        for suite in missing.suites {
            out +=
                "<li>\(Format.count(suite.count)) of <code>\(HTMLText.escape(suite.name))</code>: "
                + suite.tests.map { "<code>\(HTMLText.escape(String($0.drop { $0 != "/" }.dropFirst())))</code>" }
                .joined(separator: ", ") + (suite.count > suite.tests.count ? ", …" : "") + "</li>"
        }
        return out + "</ul>"
    }

    /// The active quarantine entries, with how much of the run each covers.
    static func quarantine(_ entries: [DashboardQuarantine]) -> String {
        guard !entries.isEmpty else { return "" }
        var out =
            "<h3>Quarantine <span class=\"count\">\(Format.count(entries.count))</span></h3><table class=\"grid\"><thead><tr>"
            + "<th scope=\"col\">Covers</th><th scope=\"col\">Reason</th><th scope=\"col\">Expires</th><th scope=\"col\" class=\"n\">In this run</th></tr></thead><tbody>"
        for entry in entries {
            out +=
                "<tr><td><code>\(HTMLText.escape(entry.covers))</code></td><td>\(entry.reason.map { HTMLText.escape($0) } ?? "–")</td>"
                + "<td>\(HTMLText.escape(entry.expires ?? "never"))</td><td class=\"n\">\(Format.count(entry.matches))</td></tr>"
        }
        out += "</tbody></table>"
        let passed = entries.flatMap(\.passed)
        guard !passed.isEmpty else { return out }
        out += "<p>Quarantined tests that passed this run (\(Format.count(passed.count))):</p><ul>"
        for pass in passed.prefix(50) {
            out +=
                "<li><code>\(HTMLText.escape(pass.test))</code> \(HTMLParts.quarantine("quarantined")) \(HTMLText.escape(pass.text))</li>"
        }
        return out + "</ul>"
    }

    /// The gates, the key figures, the slower tests and the active quarantine.
    static func figures(_ dashboard: Dashboard, rowLimit: Int) -> String {
        var out = ""
        if !dashboard.gates.isEmpty {
            out +=
                "<h3>Gates</h3><table class=\"grid\"><thead><tr><th scope=\"col\">Gate</th><th scope=\"col\">Result</th><th scope=\"col\">Detail</th></tr></thead><tbody>"
            for gate in dashboard.gates {
                let result =
                    gate.passed
                    ? "<span class=\"chip pass\"><span aria-hidden=\"true\">✓</span> passed</span>"
                    : "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> failed</span>"
                out +=
                    "<tr><td>\(HTMLText.escape(gate.name))</td><td>\(result)</td><td>\(HTMLText.escape(gate.detail))</td></tr>"
            }
            out += "</tbody></table>"
        }

        out += "<h3>Key figures</h3>"
        let points = dashboard.trend?.points ?? []
        out += "<ul class=\"kpis\">"
        for figure in dashboard.headline.keyFigures {
            let (label, kpi, unit, higherIsBetter) = (figure.label, figure.kpi, figure.unit, figure.higherIsBetter)
            let series = figure.series.map { value in points.compactMap(value) } ?? []
            out +=
                "<li class=\"kpi\"><span class=\"kpi-label\">\(label)</span><span class=\"kpi-value\">\(Format.value(kpi, unit))</span>"
            if let change = Format.change(kpi, unit) {
                let judgement = Format.judgement(kpi, higherIsBetter: higherIsBetter)
                let arrow = (kpi.change ?? 0) > 0 ? "▲" : "▼"
                let words = judgement == .neutral ? "vs baseline" : "\(judgement.rawValue) than baseline"
                out +=
                    "<span class=\"kpi-change \(judgement.rawValue)\"><span aria-hidden=\"true\">\(arrow)</span> \(change) <small>\(words)</small></span>"
            } else {
                out +=
                    "<span class=\"kpi-change neutral\"><small>\(kpi.baseline == nil ? "no baseline" : "no change")</small></span>"
            }
            // A series of every run of the window is of the window; coverage, of the runs measuring it.
            let title =
                dashboard.historyWindow.map {
                    series.count == $0.total
                        ? "\(label) over \($0.phrase)"
                        : "\(label) over \(Format.plural(series.count, "run")) of \($0.phrase)"
                } ?? "\(label) over the last \(Format.plural(series.count, "run"))"
            out +=
                SVGChart.sparkline(series, label: title, minimumSpan: unit == .ratio ? SVGChart.ratioSpan : 0) + "</li>"
        }
        out += "</ul>"

        if !dashboard.slowerTests.isEmpty {
            let usual = SlowerTestsText.usual(dashboard.slowerTests)
            out +=
                "<h3>\(SlowerTestsText.heading(dashboard.slowerTests)) <span class=\"count\">\(Format.count(dashboard.slowerTests.count))</span></h3>"
            out += "<p class=\"lede\">\(HTMLText.escapeRaw(SlowerTestsText.lede(dashboard.slowerTests)))</p>"
            out +=
                "<table class=\"grid\"><thead><tr><th scope=\"col\">Test</th><th scope=\"col\" class=\"n\">\(usual)</th><th scope=\"col\" class=\"n\">Now</th><th scope=\"col\" class=\"n\">Change</th></tr></thead><tbody>"
            for slower in dashboard.slowerTests.prefix(rowLimit) {
                let basis = slower.runs.map { " <small class=\"muted\">(\(Format.plural($0, "run")))</small>" } ?? ""
                out +=
                    "<tr><td><code>\(HTMLText.escape(slower.testKey))</code>\(HTMLParts.quarantine(dashboard.quarantinedTests[slower.testKey]))</td><td class=\"n\">\(Format.duration(slower.before))\(basis)</td>"
                out +=
                    "<td class=\"n\">\(Format.duration(slower.after))</td><td class=\"n\">+\(Format.duration(slower.after - slower.before)) (×\(Format.fixed(slower.after / max(slower.before, 0.001), digits: 1)))</td></tr>"
            }
            out += "</tbody></table>"
        }
        out += quarantine(dashboard.quarantine)
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
            case .notJudged: "⛔"
            }
        let word = h.status.title
        var text = "\(Format.count(h.failed.value)) failed, \(Format.count(h.passedOnRetry.value)) passed on retry, "
        text += "\(Format.count(h.skipped.value)) skipped"
        if let expected = h.expectedFailures { text += ", \(Format.count(expected.value)) expected failures" }
        text += " of \(Format.count(h.tests.value)) tests"
        if !dashboard.gates.isEmpty { text += " · \(failedGates) of \(dashboard.gates.count) gates failed" }
        return
            "<div class=\"status \(h.status.rawValue)\" role=\"status\"><span class=\"status-icon\" aria-hidden=\"true\">\(icon)</span>"
            + "<div><strong>\(word)</strong><span>\(text)</span></div></div>"
    }
}
