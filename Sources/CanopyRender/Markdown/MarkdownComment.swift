import CanopyModel
import Foundation

/// The pull-request comment: what a reviewer reads in ten seconds.
///
/// First a one-line verdict, then the failing gates (the passing ones on one line), the new
/// failures (each with its message, location, cause and what usually fixes it) and the new flaky
/// tests; then, collapsed in `<details>` blocks of at most `listLimit` rows each, what differs
/// here — the other failing tests, the flaky tests that failed or retried in this run, slower
/// tests, new accessibility issues, the key figures that changed — and a link to the full
/// summary. The whole stays within `budget` bytes, shortened from the last block up
/// (`MarkdownBudget`).
package struct MarkdownComment: DashboardRenderer {
    /// The size limit in UTF-8 bytes.
    package var budget: Int
    /// Rows at most in each collapsed block: the full lists are in the step summary.
    package var listLimit: Int

    /// The default size limit (`output.commentBudget`): about two phone screens, whatever the run.
    package static let defaultBudget = 10_000

    package init(budget: Int = MarkdownComment.defaultBudget, listLimit: Int = 5) {
        self.budget = budget
        self.listLimit = listLimit
    }

    package func render(_ dashboard: Dashboard) -> String {
        let causes = MarkdownFailures.causes(dashboard)
        let newFlaky = dashboard.flakyTests.filter(\.isNew)
        let others = dashboard.stillFailing + dashboard.excusedFailures
        var sections = [
            MarkdownSections.missingTests(dashboard.missingTests),
            MarkdownFailures.newFailures(
                dashboard.newFailures, causes: causes, links: dashboard.links, messageLimit: 160),
            newFlakySection(newFlaky),
            MarkdownMetrics.commentSection(dashboard.metricChanges),
            quarantineLines(MarkdownQuarantineHints.section(dashboard)),
            collapsed(
                "Other failing tests (\(Format.count(others.count)))",
                MarkdownCommentLists.otherFailing(others)),
        ]
        // Flaky tests that failed or passed on retry here, and not listed above: the rest ran as on
        // the target branch.
        let listed = Set((others.map(\.test) + dashboard.newFailures.map(\.test) + newFlaky.map(\.test)))
        let ranDifferently = Set(
            dashboard.tests.lazy.filter { $0.outcome == .failed || $0.outcome == .flaky }.map(\.key))
        let flaky = MarkdownCommentLists.flaky(
            dashboard.flakyTests.filter { ranDifferently.contains($0.test) && !listed.contains($0.test) },
            window: dashboard.historyWindow)
        sections.append(
            collapsed("🔁 Flaky tests that failed or retried here (\(Format.count(flaky.items.count)))", flaky))
        let slower = MarkdownCommentLists.slower(dashboard.slowerTests, quarantine: dashboard.quarantinedTests)
        // Worth a look, rarely what a reviewer acts on first: the three slowest.
        sections.append(collapsed("🐢 Slower tests (\(Format.count(slower.items.count)))", slower, limit: 3))
        let newIssues = dashboard.accessibility.issues.filter(\.isNew)
        sections.append(
            collapsed(
                "♿ New accessibility issues (\(Format.count(newIssues.count)))",
                MarkdownSections.accessibility(newIssues, resolved: dashboard.accessibility.resolved), bare: true))
        let changed = MarkdownHeadline.figuresSection(dashboard, changedOnly: true)
        sections.append(
            collapsed("📊 Key figures that changed (\(Format.count(changed.items.count)))", changed, bare: true))
        let foot = MarkdownRenderer.foot(dashboard)
        return MarkdownBudget(limit: budget, dashboard: dashboard.links.dashboard).fit(
            head: Self.head(dashboard), sections: sections, foot: foot)
    }

    /// The verdict line, in a reviewer's words: what this run (on a pull request, this pull
    /// request) broke, then what fails as it did on the baseline, then the run's figures; the gates
    /// follow, each failing one once with what it measured.
    static func head(_ dashboard: Dashboard) -> String {
        let h = dashboard.headline
        let newFlaky = dashboard.flakyTests.filter(\.isNew).count
        let verdict = MarkdownHeadline.statusIcon(h.status) + " **" + h.status.title + "**"
        let here = MarkdownCommentWords.subject(dashboard)
        var facts = [Format.plural(dashboard.newFailures.count, "new failure") + " " + here]
        facts += MarkdownCommentWords.asBefore(dashboard)
        if newFlaky > 0 { facts.append(Format.plural(newFlaky, "new flaky test")) }
        var out = verdict + " — " + facts.joined(separator: " · ") + "\n"
        var figures = [
            "\(Format.count(h.failed.value)) failed and \(Format.count(h.passedOnRetry.value)) passed on retry of \(Format.plural(h.tests.value, "test"))",
            "pass rate \(Format.value(h.passRate, .ratio))",
        ]
        if let baseline = dashboard.links.baseline {
            figures.append("compared with " + MarkdownText.code(baseline, limit: 100))
        }
        out += "<sub>" + figures.joined(separator: " · ") + "</sub>"
        let failedGates = dashboard.gates.filter { !$0.passed }
        out += "\n\n" + MarkdownHeadline.noBaseline(dashboard)
        // A failing gate with what it measured; the passing ones named on one line.
        for gate in failedGates.prefix(50) {
            out +=
                "- ❌ " + MarkdownText.escape(gate.name, limit: 80) + ": " + MarkdownText.escape(gate.detail, limit: 200)
            out += "\n"
        }
        let passed = dashboard.gates.filter(\.passed)
        if !passed.isEmpty {
            out += "- ✅ \(Format.plural(passed.count, "gate")) passed: "
            out += passed.prefix(20).map { MarkdownText.escape($0.name, limit: 80) }.joined(separator: ", ") + "\n"
        }
        return dashboard.gates.isEmpty ? out : out + "\n"
    }

    private func quarantineLines(_ section: MarkdownSection) -> MarkdownSection {
        collapsed("🧊 Quarantine lines, if these are flaky (\(Format.count(section.items.count)))", section)
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

    /// `section` inside a collapsed block titled `summary`, at most `limit` (else `listLimit`) items; `bare` drops
    /// the section's own heading (the summary line says it).
    private func collapsed(_ summary: String, _ section: MarkdownSection, bare: Bool = false, limit: Int? = nil)
        -> MarkdownSection
    {
        let listLimit = min(limit ?? listLimit, listLimit)
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
