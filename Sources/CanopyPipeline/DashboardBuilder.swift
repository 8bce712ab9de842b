import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

/// Maps the analysed run and what history says about it onto the renderers' `Dashboard`.
///
/// The renderers own a view model of exactly what they show, so they stay independent of how
/// analysis and history represent things; this is the one place that knows both sides.
struct DashboardBuilder {
    var prepared: PreparedRun
    var insights: HistoryInsights?
    var gates: [GateResult]
    var dashboardPath: String?
    var now: Date
    /// The sections drawn from the run alone, when made beforehand (`runParts(of:)`); made from
    /// `prepared` otherwise.
    var parts: RunParts? = nil
    /// The tests the new-failures gate counts (`GateInput.newFailures`: every failing test when
    /// there is no baseline, quarantined tests and tests history calls flaky left out), which the
    /// new-failures section lists, as the annotations do.
    var newFailureKeys: Set<String> = []
    /// Why a new failure counts though history calls its test flaky (`GateInput.newFailureReasons`).
    var newFailureReasons: [String: String] = [:]
    /// The failing tests that gate left out, with why (`GateInput.excusedFailures`).
    var excusedFailures: [ExcusedFailure] = []
    /// The tests the new-flaky-tests gate counts (`GateInput.newFlakyTests`).
    var newFlakyKeys: Set<String> = []
    /// Links to the commit and source lines, on a CI that names the repository.
    var sourceLinks: SourceLinks? = nil

    /// The sections of the dashboard that history plays no part in: `canopy run` makes them while
    /// it stores the run (for a large run they are most of the work).
    struct RunParts: Sendable {
        var tests: [DashboardTestRow]
        var identifierTree: [DashboardTreeNode]
        var clusters: [DashboardCluster]
        var categories: [DashboardCategoryGroup]
        var failuresByIdentifier: [DashboardIdentifierGroup]
        var accessibility: DashboardAccessibility
    }

    static func runParts(of prepared: PreparedRun) -> RunParts {
        let builder = DashboardBuilder(prepared: prepared, insights: nil, gates: [], dashboardPath: nil, now: Date(timeIntervalSince1970: 0))
        return RunParts(
            tests: testRows(of: prepared), identifierTree: builder.treeNodes(), clusters: prepared.report.clusters.map(builder.cluster),
            categories: builder.categories(), failuresByIdentifier: builder.failuresByIdentifier(), accessibility: builder.accessibility())
    }

    func build() -> Dashboard {
        let run = prepared.run
        let parts = parts ?? Self.runParts(of: prepared)
        // The failures of the tests listed by name, not as new failures.
        let named = prepared.report.firstFailures(of: Set(excusedFailures.map(\.test)).union(insights?.comparison.stillFailing ?? []))
        let screenshots = screenshotCounts()
        var dashboard = Dashboard(
            title: run.metadata.title ?? "Canopy — UI test report", generatedAt: now, headline: headline(),
            links: DashboardLinks(
                buildURL: run.metadata.buildURL, commit: run.metadata.commit, commitURL: sourceLinks?.commitURL, branch: run.metadata.branch,
                baseline: insights?.baselineRun.map { $0.baselineLabel(comparedWithRunOn: run.metadata.branch) },
                dashboard: dashboardPath),
            gates: gates.map { DashboardGate(name: $0.name, passed: $0.passed, detail: $0.detail) },
            newFailures: newFailures(screenshots: screenshots),
            excusedFailures: excusedFailures.map { excused in
                let failure = named[excused.test]
                var reason = excused.reasonText
                if excused.reason == .knownFlaky, let flakes = targetBranchFlakes(excused.test) { reason = flakes.text }
                return DashboardExcusedFailure(
                    test: excused.test, reason: reason, message: failure?.message, category: failure?.category,
                    failure: failure.map { failureRow($0, screenshots: screenshots) })
            },
            identifierTree: parts.identifierTree,
            clusters: parts.clusters,
            categories: parts.categories,
            failuresByIdentifier: parts.failuresByIdentifier,
            flakyTests: flakyTests(),
            flakyElements: flakyElements(),
            accessibility: parts.accessibility,
            tests: parts.tests)
        dashboard.stillFailing = stillFailing(named, screenshots: screenshots)
        dashboard.testHistory = Self.testHistory(insights?.testHistory ?? [:])
        if let comparison = insights?.comparison { dashboard.accessibility = Self.markNew(parts.accessibility, of: prepared, comparison: comparison) }
        dashboard.slowerTests = (insights?.comparison.slowerTests ?? []).map { DashboardSlowerTest(test: $0.testKey, before: $0.before, after: $0.after, runs: $0.runs) }
        if let insights, !insights.trend.isEmpty {
            // The same changes `canopy trend` lists for this window.
            let changes = TrendDashboardBuilder.changes(flakiness: insights.flakiness, points: insights.trend, now: now)
            dashboard.trend = DashboardBuilder.trend(insights.trend, changes: changes, window: "last \(insights.trend.count) runs")
        }
        return dashboard
    }

    /// The tests that failed in the baseline and fail again (not new failures), with the commit
    /// history says they have failed since, and neither quarantined nor known flaky. For a pull
    /// request's run that is a commit of its target branch (`failing on main since 1a2b3c4d5e6f`):
    /// its baseline is there, and its own branch's first commit would say nothing.
    private func stillFailing(_ firstFailures: [String: FailureRecord], screenshots: [String: Int]) -> [DashboardExcusedFailure] {
        guard let insights else { return [] }
        let excused = Set(excusedFailures.map(\.test))
        let metadata = prepared.run.metadata
        // The target branch, when the baseline is one of its runs.
        let target = metadata.baseBranch.flatMap { $0 != metadata.branch && insights.baselineRun?.metadata.branch == $0 ? $0 : nil }
        let source = target != nil ? insights.targetBranchFlakiness : insights.flakiness
        let states = Dictionary(source.map { ($0.key.testKey, $0.state) }, uniquingKeysWith: { first, _ in first })
        return insights.comparison.stillFailing.filter { !excused.contains($0) }.map { test in
            let branch = target.map { " on \($0)" } ?? ""
            let since = states[test]?.commit.map { "failing\(branch) since \(String($0.prefix(12)))" }
                ?? (target.map { "failed on \($0) too" } ?? "failed in the baseline too")
            let failure = firstFailures[test]
            return DashboardExcusedFailure(
                test: test, reason: since, message: failure?.message, category: failure?.category, failure: failure.map { failureRow($0, screenshots: screenshots) })
        }
    }

    private func headline() -> DashboardHeadline {
        let totals = prepared.run.totals
        let status: DashboardStatus = gates.contains { !$0.passed } ? .gateFailed : (totals.failed > 0 ? .failed : .passed)
        return Self.headline(
            status: status, totals: totals, coverage: prepared.report.coverage.overall.ratio, audits: prepared.run.auditIssues,
            baseline: insights?.baselineRun?.totals, comparison: insights?.comparison)
    }

    /// The key figures of a run and their change against its baseline run (`comparison`, made
    /// against it): `canopy run`'s headline, and `canopy report`'s of a stored run.
    static func headline(
        status: DashboardStatus, totals: RunTotals, coverage: Double?, audits: [AuditIssue], baseline: RunTotals?,
        comparison: BaselineComparison?
    ) -> DashboardHeadline {
        let (errors, warnings) = audits.severityCounts
        let baselineCoverage = comparison?.coverage.first { $0.scope == .overall }?.before
        func kpi(_ value: Int, _ base: Int?) -> DashboardKPI { DashboardKPI(Double(value), baseline: base.map(Double.init)) }
        return DashboardHeadline(
            status: status, tests: kpi(totals.tests, baseline?.tests), passed: kpi(totals.passed, baseline?.passed),
            failed: kpi(totals.failed, baseline?.failed), flaky: kpi(totals.flaky, baseline?.flaky),
            skipped: kpi(totals.skipped, baseline?.skipped), passRate: DashboardKPI(totals.passRate, baseline: baseline?.passRate),
            identifierCoverage: DashboardKPI(coverage ?? 0, baseline: baselineCoverage, isMeasured: coverage != nil), auditErrors: kpi(errors, comparison?.baselineAuditErrors),
            auditWarnings: kpi(warnings, comparison?.baselineAuditWarnings), duration: DashboardKPI(totals.duration, baseline: baseline?.duration))
    }

    /// Failures of the tests the new-failures gate counts, app problems before infrastructure.
    private func newFailures(screenshots: [String: Int]) -> [DashboardNewFailure] {
        var seen: Set<String> = []
        var rows: [DashboardNewFailure] = []
        for record in prepared.report.failures.sorted(by: { !$0.isInfrastructure && $1.isInfrastructure })
        where record.testOutcome == .failed && newFailureKeys.contains(record.test) && seen.insert(record.test).inserted {
            rows.append(failureRow(record, screenshots: screenshots))
        }
        return rows
    }

    /// A failure in the renderers' shape: message, source link, cause, element and screenshots.
    private func failureRow(_ record: FailureRecord, screenshots: [String: Int]) -> DashboardNewFailure {
        let link = record.location.flatMap { sourceLinks?.link($0) }
        return DashboardNewFailure(
            test: record.test, message: record.message, location: link?.text ?? record.location?.description, locationURL: link?.url,
            category: record.category,
            identifier: record.element?.template, clusterID: record.fingerprint, isInfrastructure: record.isInfrastructure,
            rawIdentifier: record.element?.identifier, screenshots: screenshots[record.test],
            identifierFoundIn: record.element.flatMap { element in
                switch element.resolution {
                case .step: "steps"
                case .activity: "output"
                default: nil
                }
            }, note: newFailureReasons[record.test])
    }

    /// Screenshots written beside the page, by test key: few tests have any.
    private func screenshotCounts() -> [String: Int] {
        var screenshots: [String: Int] = [:]
        for test in prepared.run.tests where test.attempts.contains(where: { $0.attachments != nil }) {
            let count = test.attempts.reduce(0) { $0 + ($1.attachments ?? []).filter { $0.isImage && $0.file != nil }.count }
            if count > 0 { screenshots[test.identity.key] = count }
        }
        return screenshots
    }

    /// How a test fared on a pull request's target branch, when flaky there.
    func targetBranchFlakes(_ testKey: String) -> DashboardTargetBranchFlakes? {
        insights?.targetBranchFlakes[testKey].map { DashboardTargetBranchFlakes(branch: $0.branch, failedRuns: $0.failedRuns, runs: $0.runs) }
    }

    /// The tree in the renderer's shape; child counts are counted once, not per node.
    fileprivate func treeNodes() -> [DashboardTreeNode] {
        var childCounts: [String: Int] = [:]
        for node in prepared.report.identifierTree { if let parent = node.parent { childCounts[parent, default: 0] += 1 } }
        return prepared.report.identifierTree.map { treeNode($0, children: childCounts[$0.path] ?? 0) }
    }

    private func treeNode(_ node: IdentifierNode, children: Int) -> DashboardTreeNode {
        let bySeverity = node.branch.auditIssuesBySeverity
        return DashboardTreeNode(
            // Analysis numbers roots 1; the renderer's flattened pre-order tree starts at 0.
            path: node.path, segment: node.segment, depth: max(0, node.depth - 1), childCount: children,
            elements: node.branch.interactive, identified: node.branch.identified, failures: node.branch.failures,
            flakyTests: node.branch.flakyTests, auditErrors: bySeverity["error"] ?? 0, auditWarnings: bySeverity["warning"] ?? 0)
    }

    fileprivate func cluster(_ cluster: FailureCluster) -> DashboardCluster {
        DashboardCluster(
            id: cluster.fingerprint, category: cluster.category, isInfrastructure: cluster.isInfrastructure,
            normalizedMessage: cluster.normalizedMessage, example: cluster.exampleMessage, identifier: cluster.identifier,
            count: cluster.count, tests: Array(cluster.tests.prefix(50)), testCount: cluster.testCount)
    }

    fileprivate func categories() -> [DashboardCategoryGroup] {
        prepared.report.categories.map { category in
            let records = prepared.report.failures.filter { $0.category == category.name }
            var tests: [String] = []
            var seen: Set<String> = []
            for record in records where seen.insert(record.test).inserted && tests.count < 50 { tests.append(record.test) }
            let clusterIDs = prepared.report.clusters.filter { $0.category == category.name }.map(\.fingerprint)
            return DashboardCategoryGroup(
                category: category.name, isInfrastructure: category.isInfrastructure, count: category.failures, tests: tests,
                testCount: category.tests, clusterIDs: clusterIDs, description: category.description, fix: category.fix)
        }
    }

    fileprivate func failuresByIdentifier() -> [DashboardIdentifierGroup] {
        FailureGroups.byIdentifier(prepared.digest.failures)
    }
}
