import Foundation

/// One labelled figure a surface shows for the current run: the label as the glossary names it
/// (`docs/glossary.md`, "Labels") and the value as written.
struct LabelledFigure {
    var surface: String
    var label: String
    var value: String
}

extension Invariants {
    /// Labels that name one quantity under another spelling on some surface: a surface's own
    /// label on the left, the glossary's on the right.
    static let labelSynonyms: [String: String] = [
        "failed tests": "failed", "passedonretry": "passed on retry", "expectedfailures": "expected failures",
        "new failing test(s)": "new failures", "new failure": "new failures", "new flaky test": "new flaky tests",
    ]

    static func canonicalLabel(_ label: String) -> String {
        let plain = label.lowercased().trimmingCharacters(in: .whitespaces)
        return labelSynonyms[plain] ?? plain
    }

    // MARK: - same label, same number

    /// The same label means the same number for the current run on every surface that shows it:
    /// the headlines, the key figures, the page's and the trend's latest tab's figures, the
    /// comment, Slack, report.json, insights.json, the gates, the totals of the classes and causes
    /// tables, and the trend's series at its last run when that run is this one.
    mutating func checkSameLabelSameNumber() {
        if truth.unreadable { return }
        let figures = currentRunFigures()
        let byLabel = Dictionary(grouping: figures, by: \.label)
        for (label, shown) in byLabel.sorted(by: { $0.key < $1.key }) {
            let values = Set(shown.map(\.value))
            guard values.count > 1 else { continue }
            let detail = Dictionary(grouping: shown, by: \.value).sorted { $0.key < $1.key }.map { value, places in
                "\(value) on \(places.map(\.surface).joined(separator: ", "))"
            }
            fail(
                "the same label means the same number on every surface", Array(Set(shown.map(\.surface))).sorted(),
                "\"\(label)\" for this run: \(detail.joined(separator: "; "))")
        }
    }

    /// Every labelled figure of the current run, as each surface writes it.
    func currentRunFigures() -> [LabelledFigure] {
        var figures: [LabelledFigure] = []
        func add(_ surface: String, _ label: String, _ value: String) {
            let value = value.replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
            figures.append(LabelledFigure(surface: surface, label: Self.canonicalLabel(label), value: value))
        }
        for (name, text) in markdown where !name.hasPrefix("trend") {
            for (label, value) in Self.headlineFigures(text) { add(name + " headline", label, value) }
            for (label, value) in Self.keyFigures(text) { add(name + " key figures", label, value) }
            for (label, value) in Self.keyFigures(text, column: 3) {
                add(name + " key figures", label + " (change)", Self.change(value))
            }
            for (label, value) in Self.gateFigures(text) { add(name + " gates", label, value) }
            for (label, value) in Self.tableTotals(text) { add(name, label, value) }
            for (label, value) in Self.stillFailingHeader(text) { add(name, label, value) }
        }
        if let comment = markdown.first(where: { $0.0 == "run comment.md" })?.1 {
            for (label, value) in Self.commentFigures(comment) { add("run comment.md headline", label, value) }
        }
        if let slack = outputs.read(outputs.runOut + "/slack.json") {
            for (label, value) in Self.headlineFigures(Self.slackText(slack)) { add("run slack.json", label, value) }
        }
        for (name, html) in pages where !name.hasPrefix("trend") {
            for (label, value) in Self.pageFigures(html) { add(name + " key figures", label, value) }
            for (label, value) in Self.pageChanges(html) { add(name + " key figures", label + " (change)", value) }
        }
        if let latest = trendLatestTab, trendEndsAtCurrentRun {
            for (label, value) in Self.pageFigures(latest) { add("trend latest-run tab", label, value) }
            for (label, value) in Self.pageChanges(latest) { add("trend latest-run tab", label + " (change)", value) }
        }
        if let report = JSONSurface.object(outputs.read(outputs.runOut + "/report.json")),
            let totals = (report["summary"] as? [String: Any])?["totals"] as? [String: Any]
        {
            for key in ["tests", "passed", "failed", "passedOnRetry", "skipped", "expectedFailures"] {
                if let value = totals[key] as? Int { add("report.json summary.totals", key, "\(value)") }
            }
        }
        if let insights = JSONSurface.object(outputs.read(outputs.runOut + "/insights.json")),
            let baseline = insights["baseline"] as? [String: Any]
        {
            for (key, label) in [("newFailures", "new failures"), ("newFlakyTests", "new flaky tests")] {
                if let list = baseline[key] as? [Any] { add("insights.json baseline.\(key)", label, "\(list.count)") }
            }
        }
        // The flaky elements' cost: the runs in which a test failing flakily on each one failed
        // outright, added up over the elements, as insights.json measured them and the page says.
        if let insights = JSONSurface.object(outputs.read(outputs.runOut + "/insights.json")),
            let elements = insights["flakyElements"] as? [[String: Any]], !elements.isEmpty
        {
            let failedRuns = elements.compactMap { $0["failedRuns"] as? Int }.reduce(0, +)
            add("insights.json flakyElements", "flaky elements: runs failed outright", "\(failedRuns)")
            if let page = pages.first(where: { $0.0 == "run index.html" })?.1 {
                let shown = Self.matches(#"<td>failed (\d+) runs? outright · [^<]* of CI</td>"#, page)
                    .compactMap { Int($0[0]) }.reduce(0, +)
                add("run index.html flaky elements", "flaky elements: runs failed outright", "\(shown)")
            }
        }
        if trendEndsAtCurrentRun, let trend = markdown.first(where: { $0.0 == "trend summary.md" })?.1 {
            for (label, value) in Self.seriesLastValues(trend) { add("trend summary.md series (last)", label, value) }
        }
        // The state changes of one window: a run of main is judged over the window the trend of
        // main shows (a pull request's page shows its target's window and this run).
        if trendEndsAtCurrentRun && !scenario.isPullRequest {
            for (name, text) in markdown where name == "trend summary.md" {
                for match in Self.matches(#"### State changes \((\d+)\)"#, text) {
                    add(name, "state changes", match[0])
                }
            }
            for (name, html) in pages {
                for match in Self.matches(#"State changes <span class="count">(\d+)</span>"#, html) {
                    add(name, "state changes", match[0])
                }
                for match in Self.matches(#"Fix first <span class="count">(\d+)</span>"#, html) {
                    add(name, "fix first", match[0])
                }
            }
            // The Fix first list: the run's flaky tests with their cost, measured once (insights.json).
            for (name, text) in markdown where name == "trend summary.md" {
                for match in Self.matches(#"### Fix first \((\d+)\)"#, text) { add(name, "fix first", match[0]) }
            }
            if let slack = outputs.read(outputs.trendOut + "/trend/slack.json") {
                for match in Self.matches(#"Fix first \((\d+)\)"#, slack) {
                    add("trend slack.json", "fix first", match[0])
                }
            }
            if let insights = JSONSurface.object(outputs.read(outputs.runOut + "/insights.json")),
                let costs = insights["flakyCosts"] as? [Any], !costs.isEmpty
            {
                add("insights.json flakyCosts", "fix first", "\(costs.count)")
                // The CI reruns the Fix first rows carry, added up: each row says its own.
                let reruns = costs.compactMap { ($0 as? [String: Any])?["reruns"] as? Int }.reduce(0, +)
                add("insights.json flakyCosts", "ci reruns", "\(reruns)")
                if let page = pages.first(where: { $0.0 == "trend index.html" })?.1 {
                    let shown = Self.matches(#"(\d+) CI reruns?"#, page).compactMap { Int($0[0]) }.reduce(0, +)
                    add("trend index.html fix first", "ci reruns", "\(shown)")
                }
            }
        }
        for figure in metricFigures() { add(figure.surface, figure.label, figure.value) }
        return figures
    }

    /// Whether the trend's last run is the current run: the trend reads the current run's branch
    /// (all branches on a pull request), and the current run is the latest started.
    var trendEndsAtCurrentRun: Bool {
        guard outputs.trend?.status == 0 else { return false }
        return scenario.runs.allSatisfy { $0.startedAt <= scenario.current.startedAt }
    }

    // MARK: - reading figures

    static func matches(_ pattern: String, _ text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The headline: `N tests: a passed, b failed, c passed on retry, d skipped[, e expected failures]
    /// · pass rate X · identifier coverage Y`.
    static func headlineFigures(_ text: String) -> [(String, String)] {
        let plain = text.replacingOccurrences(of: "*", with: "")
        guard let line = plain.components(separatedBy: "\n").first(where: { $0.contains(" tests: ") }) else {
            return []
        }
        var figures: [(String, String)] = []
        let parts = line.components(separatedBy: " · ")
        if let counts = parts.first?.components(separatedBy: " tests: "), counts.count == 2 {
            figures.append(("tests", counts[0].trimmingCharacters(in: .whitespaces)))
            for part in counts[1].components(separatedBy: ", ") {
                let words = part.split(separator: " ", maxSplits: 1).map(String.init)
                guard words.count == 2, Int(words[0]) != nil else { continue }
                let label = words[1] == "expected failure" ? "expected failures" : words[1]
                figures.append((label, words[0]))
            }
        }
        for part in parts.dropFirst() {
            for label in ["pass rate", "identifier coverage"] where part.hasPrefix(label + " ") {
                // The value, without the change beside it: `60.0% (+10.0 pp)`, `not measured`.
                var value = String(part.dropFirst(label.count + 1))
                if let change = value.range(of: " (") { value = String(value[..<change.lowerBound]) }
                figures.append((label, value))
            }
        }
        return figures
    }

    /// The comment's headline, its verdict line and the figures under it: `… — N new failures in this
    /// run · M failing as on main · K known flaky · J new flaky tests` then `a failed and b passed on
    /// retry of T tests · pass rate X · …`.
    static func commentFigures(_ text: String) -> [(String, String)] {
        let plain = text.replacingOccurrences(of: "*", with: "")
        let lines = plain.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains(" — ") }) else { return [] }
        let head = lines[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
        var figures: [(String, String)] = []
        for match in matches(#"(\d+) (new failures?|new flaky tests?)\b"#, head) {
            figures.append((match[1], match[0]))
        }
        for match in matches(#"(\d+) (?:still failing|failing as on)\b"#, head) {
            figures.append(("still failing", match[0]))
        }
        for match in matches(#"(\d+) (failed|passed on retry)(?: and| of)"#, head) {
            figures.append((match[1], match[0]))
        }
        for match in matches(#"of (\d+) tests"#, head) { figures.append(("tests", match[0])) }
        for match in matches(#"pass rate (\S+?)(?:<|\s|$)"#, head) { figures.append(("pass rate", match[0])) }
        return figures
    }

    /// The summary's `### Still failing (N)` header, for the comment's count of the same tests.
    static func stillFailingHeader(_ text: String) -> [(String, String)] {
        matches(#"### Still failing \((\d+)\)"#, text).map { ("still failing", $0[0]) }
    }

    /// A key figure's change as a signed number and its first unit (`+3`, `−23.1pp`, `−34.0s`), or `none`
    /// (`–`, `no change`, and a change without baseline).
    static func change(_ text: String) -> String {
        let plain = HTMLSurface.tagless(text).replacingOccurrences(of: " ", with: "")
        guard let match = matches(#"([+−][0-9.,]+(?:pp|%|m|s|h|d)?)"#, plain).first else { return "none" }
        return match[0]
    }

    /// The page's key figures' changes (`kpi-change`), by label.
    static func pageChanges(_ html: String) -> [(String, String)] {
        matches(
            #"<span class="kpi-label">([^<]+)</span><span class="kpi-value">[^<]*</span>(?:<span class="kpi-change[^"]*">(.*?)(?:<small>|<svg|</li>))?"#,
            html
        ).map { (HTMLSurface.tagless($0[0]), change($0[1])) }
    }

    /// The key figures table's `this run` column (or `change`, column 3).
    static func keyFigures(_ text: String, column: Int = 2) -> [(String, String)] {
        let lines = text.components(separatedBy: "\n")
        guard let head = lines.firstIndex(where: { $0.hasPrefix("| | this run |") }) else { return [] }
        return lines[(head + 2)...].prefix(while: { $0.hasPrefix("|") }).compactMap { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return cells.count > 3 ? (cells[1], cells[column]) : nil
        }
    }

    /// The gates' details: `N new failing test(s)`, `N new accessibility error(s)`.
    static func gateFigures(_ text: String) -> [(String, String)] {
        matches(#"\| no new failures \| [^|]*\| (\d+) new failing test\(s\)"#, text).map { ("new failures", $0[0]) }
    }

    /// The sums of the classes table's `failed` and `passed on retry` columns when it lists every
    /// class (`(6 of 6)`), and of the failed tests by cause.
    static func tableTotals(_ text: String) -> [(String, String)] {
        let lines = text.components(separatedBy: "\n")
        var figures: [(String, String)] = []
        func cells(_ line: String) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        func table(after heading: Int) -> (heads: [String], rows: [[String]])? {
            guard let start = lines[heading...].firstIndex(where: { $0.hasPrefix("|") }),
                lines[(heading + 1)..<start].allSatisfy({ !$0.hasPrefix("#") })
            else { return nil }
            let rows = lines[(start + 2)...].prefix(while: { $0.hasPrefix("|") }).map(cells)
            return (cells(lines[start]), rows)
        }
        for (index, line) in lines.enumerated() where line.hasPrefix("#") {
            if line.contains("Classes with"),
                let whole = matches(#"\((\d+) of (\d+)\)"#, line).first, whole[0] == whole[1],
                let (heads, rows) = table(after: index)
            {
                for label in ["failed", "passed on retry"] {
                    guard let column = heads.firstIndex(of: label) else { continue }
                    let sum = rows.compactMap { $0.count > column ? Int($0[column]) : nil }.reduce(0, +)
                    figures.append((label, "\(sum)"))
                }
            }
            if line.contains("Failed tests by cause"), let (heads, rows) = table(after: index),
                let column = heads.firstIndex(of: "failed tests")
            {
                let sum = rows.compactMap { $0.count > column ? Int($0[column]) : nil }.reduce(0, +)
                figures.append(("failed", "\(sum)"))
                for row in rows where row.count > column {
                    figures.append(("failed tests: \(row[0])", row[column]))
                }
            }
        }
        return figures
    }

    /// The page's key figures (`kpi-label`, `kpi-value`) and its section counts that name a figure.
    static func pageFigures(_ html: String) -> [(String, String)] {
        matches(#"<span class="kpi-label">([^<]+)</span><span class="kpi-value">([^<]+)</span>"#, html).map {
            (HTMLSurface.tagless($0[0]), HTMLSurface.tagless($0[1]))
        }
    }

    /// The trend's series at the window's last run (the `last` column).
    static func seriesLastValues(_ text: String) -> [(String, String)] {
        let lines = text.components(separatedBy: "\n")
        guard let head = lines.firstIndex(where: { $0.hasPrefix("| series | first | last |") }) else { return [] }
        return lines[(head + 2)...].prefix(while: { $0.hasPrefix("|") }).compactMap { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return cells.count > 3 ? (cells[1], cells[3]) : nil
        }
    }

    /// The Slack message's headline block.
    static func slackText(_ json: String) -> String {
        guard let object = JSONSurface.object(json), let blocks = object["blocks"] as? [[String: Any]] else {
            return ""
        }
        let texts = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        return texts.first(where: { $0.contains(" tests: ") }) ?? ""
    }
}
