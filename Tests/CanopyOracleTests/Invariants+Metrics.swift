import Foundation

extension Invariants {
    // MARK: - metric changes

    /// The current run's XCTMetric changes are docs/performance.md's (`MetricTruth`), and every
    /// surface that names a change shows it: the summaries (the run's and `report`'s), Slack, the
    /// page's Performance tab, the comment for those that began here, and the trend's summary when
    /// its latest run is this one. Their counts are the label invariant's (`metricFigures`).
    mutating func checkMetrics() {
        if truth.unreadable { return }
        let insights = JSONSurface.object(outputs.read(outputs.runOut + "/insights.json"))
        let entries = insights?["metricChanges"] as? [[String: Any]] ?? []
        var found = MetricTruth()
        for entry in entries {
            let here = entry["currentRuns"] as? Int == 1
            let regressed = entry["direction"] as? String == "regressed"
            found.changed += 1
            found.regressed += regressed ? 1 : 0
            found.changedHere += here ? 1 : 0
            found.regressedHere += regressed && here ? 1 : 0
        }
        if found != truth.metrics {
            fail(
                "metric changes follow docs/performance.md", ["run insights.json"],
                "expected \(truth.metrics), found \(found) in \(entries.map { $0["line"] as? String ?? "?" })")
        }
        let lines = entries.compactMap { $0["line"] as? String }
        var surfaces: [(String, String)] = markdown.filter { $0.0 == "run summary.md" || $0.0 == "report summary.md" }
        if let slack = outputs.read(outputs.runOut + "/slack.json") { surfaces.append(("run slack.json", slack)) }
        if trendEndsAtCurrentRun, let trend = markdown.first(where: { $0.0 == "trend summary.md" }) {
            surfaces.append(trend)
        }
        surfaces += pages.filter { $0.0 == "run index.html" || $0.0 == "report index.html" }
        for line in lines {
            // Each surface escapes in its own way: the sentence's words up to its first escaped character.
            let words = String(line.prefix { !"<>&_*`".contains($0) })
            for (name, text) in surfaces where !text.contains(words) {
                fail("every surface names each metric change", [name], "\"\(words)\" is missing")
            }
        }
        if let comment = markdown.first(where: { $0.0 == "run comment.md" })?.1 {
            let listed = Self.matches(#"### ⏱ Metrics that changed in this run \((\d+)\)"#, comment).first?[0]
            if (listed.flatMap(Int.init) ?? 0) != truth.metrics.changedHere {
                fail(
                    "the comment lists the metric changes that began in this run", ["run comment.md"],
                    "expected \(truth.metrics.changedHere), the comment lists \(listed ?? "none")")
            }
        }
    }

    /// The metric counts each surface shows for the current run, for the label invariant:
    /// *metrics regressed* and *metrics changed* (the summaries, Slack, the page's Performance tab,
    /// `insights.json`, the trend's when its latest run is this one) and *metric regressions in this
    /// run* (the gate, the comment's 🔺 lines, `insights.json`).
    func metricFigures() -> [(surface: String, label: String, value: String)] {
        var figures: [(surface: String, label: String, value: String)] = []
        let heading = #"⏱ Performance: (\d+) metrics? regressed, (\d+) otherwise changed"#
        var texts = markdown.filter { $0.0 == "run summary.md" || $0.0 == "report summary.md" }
        if let slack = outputs.read(outputs.runOut + "/slack.json") { texts.append(("run slack.json", slack)) }
        if trendEndsAtCurrentRun {
            texts += markdown.filter { $0.0 == "trend summary.md" }
            if let slack = outputs.read(outputs.trendOut + "/trend/slack.json") {
                texts.append(("trend slack.json", slack))
            }
        }
        for (name, text) in texts {
            for match in Self.matches(heading, text) {
                figures.append((name, "metrics regressed", match[0]))
                figures.append((name, "metrics changed", "\((Int(match[0]) ?? 0) + (Int(match[1]) ?? 0))"))
            }
            for match in Self.matches(#"no metric regressions — (\d+) of \d+ metric"#, text) {
                figures.append((name + " gates", "metric regressions in this run", match[0]))
            }
        }
        var pages = self.pages.filter { $0.0 == "run index.html" || $0.0 == "report index.html" }
        if trendEndsAtCurrentRun { pages += self.pages.filter { $0.0 == "trend index.html" } }
        for (name, html) in pages {
            for match in Self.matches(#"measured in (?:this|the latest) run, (\d+) changed across history"#, html) {
                figures.append((name + " Performance", "metrics changed", match[0]))
            }
        }
        if let comment = markdown.first(where: { $0.0 == "run comment.md" })?.1,
            let section = comment.range(of: "### ⏱ Metrics that changed in this run")
        {
            let rest = comment[section.upperBound...]
            let body = rest.range(of: "\n\n#").map { rest[..<$0.lowerBound] } ?? rest
            let regressed = body.components(separatedBy: "\n").filter { $0.hasPrefix("- 🔺 ") }.count
            figures.append(("run comment.md", "metric regressions in this run", "\(regressed)"))
        }
        if let insights = JSONSurface.object(outputs.read(outputs.runOut + "/insights.json")),
            let entries = insights["metricChanges"] as? [[String: Any]]
        {
            let regressed = entries.filter { $0["direction"] as? String == "regressed" }
            figures.append(("insights.json metricChanges", "metrics changed", "\(entries.count)"))
            figures.append(("insights.json metricChanges", "metrics regressed", "\(regressed.count)"))
            figures.append(
                (
                    "insights.json metricChanges", "metric regressions in this run",
                    "\(regressed.filter { $0["currentRuns"] as? Int == 1 }.count)"
                ))
        }
        return figures
    }
}
