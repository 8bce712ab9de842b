import Foundation

/// The pull-request comment: what a reviewer reads in ten seconds.
///
/// First a one-line verdict, then the gates, the new failures (each with its message, location,
/// cause and what usually fixes it) and the new flaky tests; everything else — the other failing
/// tests, flaky tests, slower tests, accessibility findings, the key figures — inside collapsed
/// `<details>` blocks of at most `listLimit` rows each, and a link to the full summary. The whole
/// stays within `budget` bytes, shortened from the last block up (`MarkdownBudget`).
package struct MarkdownComment: DashboardRenderer {
    /// The size limit in UTF-8 bytes.
    package var budget: Int
    /// Rows at most in each collapsed block: the full lists are in the step summary.
    package var listLimit: Int

    package init(budget: Int = MarkdownRenderer.commentBudget, listLimit: Int = 5) {
        self.budget = budget
        self.listLimit = listLimit
    }

    package func render(_ dashboard: Dashboard) -> String {
        let causes = MarkdownFailures.causes(dashboard)
        let newFlaky = dashboard.flakyTests.filter(\.isNew)
        let others = dashboard.stillFailing + dashboard.excusedFailures
        let otherItems = MarkdownFailures.items(others, causes: causes, links: dashboard.links)
        var sections = [
            MarkdownSections.missingTests(dashboard.missingTests),
            MarkdownFailures.newFailures(dashboard.newFailures, causes: causes, links: dashboard.links),
            newFlakySection(newFlaky),
            collapsed(
                "Other failing tests (\(Format.count(others.count))): still failing or not counted as new",
                MarkdownSection(
                    name: "other failing tests",
                    head: MarkdownFailures.screenshotNote(others.map(\.failure), links: dashboard.links),
                    items: otherItems.items, counts: otherItems.counts)),
        ]
        let flaky = MarkdownSections.flaky(dashboard.flakyTests, window: dashboard.historyWindow)
        sections.append(collapsed("🔁 Flaky tests (\(Format.count(flaky.items.count)))", flaky, bare: true))
        let slower = MarkdownSections.slower(dashboard.slowerTests, quarantine: dashboard.quarantinedTests)
        sections.append(collapsed("🐢 Slower tests (\(Format.count(slower.items.count)))", slower, bare: true))
        let issues = dashboard.accessibility.issues
        let errors = issues.filter { $0.severity == .error }.count
        let newIssues = dashboard.accessibility.newCount
        sections.append(
            collapsed(
                "♿ Accessibility findings (\(Format.plural(errors, "error")), \(Format.plural(issues.count - errors, "warning"))\(newIssues > 0 ? ", \(Format.count(newIssues)) new" : ""))",
                MarkdownSections.accessibility(issues, resolved: dashboard.accessibility.resolved), bare: true))
        sections.append(collapsed("📊 Key figures", MarkdownHeadline.figuresSection(dashboard), bare: true))
        let foot = MarkdownRenderer.foot(dashboard)
        return MarkdownBudget(limit: budget, dashboard: dashboard.links.dashboard).fit(
            head: Self.head(dashboard), sections: sections, foot: foot)
    }

    /// The verdict line and the gates.
    static func head(_ dashboard: Dashboard) -> String {
        let h = dashboard.headline
        let newFailures = dashboard.newFailures.count
        let newFlaky = dashboard.flakyTests.filter(\.isNew).count
        var verdict = MarkdownHeadline.statusIcon(h.status) + " **" + h.status.title + "**"
        let failedGates = dashboard.gates.filter { !$0.passed }
        if !failedGates.isEmpty {
            verdict += ": " + failedGates.map { MarkdownText.escape($0.name, limit: 80) }.joined(separator: ", ")
        }
        var facts = [Format.plural(newFailures, "new failure"), Format.plural(newFlaky, "new flaky test")]
        facts.append(
            "\(Format.count(h.failed.value)) failed and \(Format.count(h.passedOnRetry.value)) passed on retry of \(Format.plural(h.tests.value, "test"))"
        )
        facts.append("pass rate \(Format.value(h.passRate, .ratio))")
        var out = verdict + " — " + facts.joined(separator: " · ")
        if let baseline = dashboard.links.baseline {
            out += " · compared with " + MarkdownText.code(baseline, limit: 100)
        }
        out += "\n\n" + MarkdownHeadline.noBaseline(dashboard)
        for gate in dashboard.gates.prefix(50) {
            out +=
                "- " + (gate.passed ? "✅ " : "❌ ") + MarkdownText.escape(gate.name, limit: 80) + ": "
                + MarkdownText.escape(gate.detail, limit: 200) + "\n"
        }
        return dashboard.gates.isEmpty ? out : out + "\n"
    }

    /// The tests flaky in this run and not before, with what the target branch says of them.
    private func newFlakySection(_ tests: [DashboardFlakyTest]) -> MarkdownSection {
        guard !tests.isEmpty else { return MarkdownSection(name: "new flaky tests", head: "", items: []) }
        let items = tests.map { test in
            var line = "- 🔁 " + MarkdownText.code(test.test, limit: 160)
            if let target = test.onTargetBranch { line += " — " + MarkdownText.escape(target.text, limit: 120) }
            if let message = test.lastMessage { line += "\n  - " + MarkdownText.escape(message, limit: 300) }
            return line + "\n"
        }
        return MarkdownSection(
            name: "new flaky tests", head: "### 🔁 New flaky tests (\(Format.count(tests.count)))\n\n", items: items)
    }

    /// `section` inside a collapsed block titled `summary`, at most `listLimit` items; `bare` drops
    /// the section's own heading (the summary line says it).
    private func collapsed(_ summary: String, _ section: MarkdownSection, bare: Bool = false) -> MarkdownSection {
        guard !section.items.isEmpty else { return MarkdownSection(name: section.name, head: "", items: []) }
        var head = section.head
        if bare, let cut = head.range(of: "\n\n") { head = String(head[cut.upperBound...]) }
        let hidden = section.hidden(shown: min(section.items.count, listLimit))
        let more = hidden > 0 ? "\n_…and \(Format.count(hidden)) more in the step summary and the dashboard._\n" : ""
        return MarkdownSection(
            name: section.name, head: "<details><summary>" + summary + "</summary>\n\n" + head,
            items: Array(section.items.prefix(listLimit)), counts: Array(section.counts.prefix(listLimit)),
            tail: more + "\n</details>\n\n")
    }
}
