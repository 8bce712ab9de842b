import Foundation

/// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY`, pull-request comments and GitLab.
///
/// Order: headline (status, counts, pass rate, coverage with change, gates), then the failing
/// tests (new, still failing, not counted) each with its message, location, cause and what usually
/// fixes it, flaky tests with evidence, the key figures, slower tests, flaky elements, failures by
/// identifier and by cause, accessibility findings and coverage gaps. When the document would exceed `budget` bytes, sections are shortened from
/// the last one up and a notice says what was cut and where the full dashboard is.
package struct MarkdownRenderer: DashboardRenderer {
    /// GitHub's limit for one step summary: 1 MiB.
    package static let stepSummaryBudget = 1_048_576
    /// GitHub's limit for an issue or pull-request comment body.
    package static let commentBudget = 65_535

    /// The size limit in UTF-8 bytes.
    package var budget: Int

    package init(budget: Int = MarkdownRenderer.stepSummaryBudget) {
        self.budget = budget
    }

    package func render(_ dashboard: Dashboard) -> String {
        Self.render(dashboard, budgets: [budget])[0]
    }

    /// The document within each of `budgets` (in bytes), from one rendering of its sections.
    package static func render(_ dashboard: Dashboard, budgets: [Int]) -> [String] {
        let causes = MarkdownFailures.causes(dashboard)
        let sections = [
            MarkdownSections.missingTests(dashboard.missingTests),
            MarkdownFailures.newFailures(dashboard.newFailures, causes: causes, links: dashboard.links),
            MarkdownFailures.stillFailing(dashboard.stillFailing, causes: causes, links: dashboard.links),
            MarkdownFailures.excused(dashboard.excusedFailures, causes: causes, links: dashboard.links),
            MarkdownSections.flaky(dashboard.flakyTests, window: dashboard.historyWindow),
            MarkdownSections.newlyBrokenOrFixed(dashboard.newlyBrokenOrFixed, window: dashboard.historyWindow),
            MarkdownSections.quarantine(dashboard.quarantine),
            MarkdownHeadline.figuresSection(dashboard),
            MarkdownMetrics.section(dashboard.metricChanges),
            MarkdownSections.slower(dashboard.slowerTests, quarantine: dashboard.quarantinedTests),
            MarkdownSections.flakyElements(
                dashboard.flakyElements, quarantine: dashboard.quarantinedTests, code: dashboard.code),
            MarkdownSections.byIdentifier(dashboard.failuresByIdentifier),
            MarkdownSections.byCause(categories: dashboard.categories, clusters: dashboard.clusters),
            MarkdownSections.accessibility(dashboard.accessibility.issues, resolved: dashboard.accessibility.resolved),
            MarkdownSections.failingClasses(dashboard.classes),
            MarkdownSections.coverageGaps(dashboard.identifierTree),
            MarkdownUntested.section(dashboard.code),
            MarkdownSections.missingIdentifiers(dashboard.accessibility.missingIdentifiers),
        ]
        let head =
            MarkdownHeadline.unreadable(dashboard.unreadableInputs, status: dashboard.partialStatus)
            + MarkdownHeadline.render(dashboard)
        let foot = foot(dashboard)
        return budgets.map { budget in
            MarkdownBudget(limit: budget, dashboard: dashboard.links.dashboard).fit(
                head: head, sections: sections, foot: foot)
        }
    }

    static func foot(_ dashboard: Dashboard) -> String {
        var text = "<sub>Canopy · " + MarkdownText.escape(Format.timestamp(dashboard.generatedAt))
        if let link = dashboard.links.dashboard {
            if SafeURL.http(link) != nil {
                text += " · " + MarkdownText.link("full dashboard", url: link)
            } else if let build = dashboard.links.buildURL, SafeURL.http(build) != nil {
                // A path on the CI machine means nothing in a pull request: point at the build.
                text +=
                    " · full dashboard: "
                    + MarkdownText.code((link as NSString).lastPathComponent == "index.html" ? "site/index.html" : link)
                    + " in the " + MarkdownText.link("build", url: build) + "'s artifacts"
            } else {
                text += " · " + MarkdownText.code(link)
            }
        }
        return text + "</sub>\n"
    }
}
