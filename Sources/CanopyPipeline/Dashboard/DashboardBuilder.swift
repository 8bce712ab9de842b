import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

/// Maps a `DashboardInput` onto the renderers' `Dashboard`: the one dashboard builder, for
/// `canopy run`, `canopy report` and `canopy trend` alike.
///
/// The renderers own a view model of exactly what they show, so they stay independent of how
/// analysis and history represent things; this is the one place that knows both sides.
struct DashboardBuilder {
    var input: DashboardInput

    /// The sections of the dashboard that history plays no part in: `canopy run` makes them while
    /// it stores the run (for a large run they are most of the work).
    struct RunParts: Sendable {
        var tests: [DashboardTestRow]
        var identifierTree: [DashboardTreeNode]
        var clusters: [DashboardCluster]
        var categories: [DashboardCategoryGroup]
        var failuresByIdentifier: [DashboardIdentifierGroup]
        var accessibility: DashboardAccessibility

        /// No run sections: a trend page shows its latest run's headline and new failures alone.
        static let empty = RunParts(
            tests: [], identifierTree: [], clusters: [], categories: [], failuresByIdentifier: [],
            accessibility: DashboardAccessibility())
    }

    /// The run-alone sections of a run just analysed.
    static func runParts(of prepared: PreparedRun) -> RunParts {
        let report = prepared.report
        let (clusters, categories, byIdentifier) = failureSections(
            report.failures, failedTests: prepared.testRows.lazy.filter { $0.outcome == .failed }.map(\.testKey),
            clusters: report.clusters,
            descriptions: Dictionary(
                report.categories.map { ($0.name, ($0.description, $0.fix)) }, uniquingKeysWith: { first, _ in first }))
        return RunParts(
            tests: testRows(of: prepared), identifierTree: treeNodes(report.identifierTree), clusters: clusters,
            categories: categories,
            failuresByIdentifier: byIdentifier,
            accessibility: DashboardAccessibility(
                issues: auditIssues(prepared.run.auditIssues), missingIdentifiers: missingIdentifiers(report.coverage)))
    }

    /// The failures grouped by cluster, and the failed tests (`failedTests`, the run's failed
    /// tests' keys) by cause and identifier (`FailureGroups`); `descriptions` says, by cause, what
    /// it means and what usually fixes it (the rules in effect).
    static func failureSections(
        _ failures: [FailureRecord], failedTests: some Sequence<String>, clusters: [FailureCluster],
        descriptions: [String: (description: String?, fix: String?)]
    ) -> (clusters: [DashboardCluster], categories: [DashboardCategoryGroup], byIdentifier: [DashboardIdentifierGroup])
    {
        let described = descriptions
        return (
            clusters.map(cluster),
            FailureGroups.causes(failures, failedTests: failedTests, clusters: clusters).map { cause in
                DashboardCategoryGroup(
                    category: cause.category, isInfrastructure: cause.isInfrastructure, tests: cause.tests,
                    failedTests: cause.failedTests, clusterIDs: cause.clusterIDs,
                    description: described[cause.category]?.description
                        ?? (cause.category == FailedTestCause.unknown ? FailureCategoryRule.unknownDescription : nil),
                    fix: described[cause.category]?.fix)
            },
            FailureGroups.byIdentifier(failures).map {
                DashboardIdentifierGroup(
                    identifier: $0.identifier, tests: $0.tests, failedTests: $0.failedTests, categories: $0.categories)
            }
        )
    }

    func build() -> Dashboard {
        let metadata = input.metadata
        let insights = input.insights
        let parts = input.parts
        // The failures of the tests listed by name, not as new failures.
        let verdicts = input.verdicts
        let named = firstFailures(
            of: Set(verdicts.tests.lazy.filter { $0.kind == .excused || $0.kind == .stillFailing }.map(\.test)))
        var dashboard = Dashboard(
            title: input.title, generatedAt: input.now, headline: headline(),
            links: DashboardLinks(
                buildURL: metadata.buildURL, commit: metadata.commit, commitURL: input.sourceLinks?.commitURL,
                branch: input.window == nil ? metadata.branch : input.window?.branch, baseline: baselineLabel(),
                dashboard: input.dashboardPath),
            gates: (input.gates ?? []).map { DashboardGate(name: $0.name, passed: $0.passed, detail: $0.detail) },
            newFailures: newFailures(),
            excusedFailures: verdicts.excused.map { excused in
                let failure = named[excused.test]
                var reason = excused.reasonText
                if excused.reason == .knownFlaky, let flakes = targetBranchFlakes(excused.test) { reason = flakes.text }
                var row = DashboardExcusedFailure(
                    test: excused.test, reason: reason, message: failure?.message, category: failure?.category,
                    failure: failure.map { failureRow($0) })
                if case .quarantined = excused.reason { row.quarantined = true }
                return row
            },
            identifierTree: parts.identifierTree,
            clusters: parts.clusters,
            categories: parts.categories,
            failuresByIdentifier: parts.failuresByIdentifier,
            flakyTests: flakyTests(),
            flakyElements: flakyElements(),
            accessibility: parts.accessibility,
            tests: parts.tests)
        dashboard.stillFailing = stillFailing(named)
        dashboard.newlyBrokenOrFixed = newlyBrokenOrFixed()
        dashboard.historyRead = insights != nil
        dashboard.historyWindow = insights.map { Self.window($0.window) }
        dashboard.testHistory = Self.testHistory(
            insights?.testHistory ?? [:], flakiness: insights?.flakiness ?? [], ownCommit: ownCommit,
            window: insights.map { Self.window($0.testHistorySource) })
        if let comparison = insights?.comparison {
            dashboard.accessibility = Self.markNew(parts.accessibility, audits: input.audits, comparison: comparison)
        }
        dashboard.slowerTests = insights?.comparison.slowerTests ?? []
        dashboard.metricChanges = insights?.metricChanges ?? []
        dashboard.metricSeries = Self.metricSeries(insights)
        if input.window == nil {
            dashboard.missingTests = DashboardMissingTests.of(
                insights?.comparison.missingTests ?? [], crashes: input.verdicts.crashes)
        }
        if let insights, !insights.trend.isEmpty {
            // A trend page's changes are its window's; a run's page's, the window it was judged over.
            let changes = Self.changes(
                flakiness: input.window?.flakiness ?? insights.flakiness, points: insights.trend, now: input.now)
            dashboard.trend = Self.trend(
                insights.trend, changes: changes, window: input.window?.name ?? dashboard.historyWindow?.name ?? "")
            if let owner = input.owner, !input.wholeSuiteTrend.isEmpty {
                dashboard.trend?.owner = owner
                dashboard.trend?.wholeSuite = Self.trend(input.wholeSuiteTrend, changes: [], window: "").points
            }
        }
        markQuarantine(&dashboard)
        markFixFirst(&dashboard)
        markDestinations(&dashboard)
        markCode(&dashboard)
        markEvidence(&dashboard)
        // The banner speaks for the whole page: a trend page is of the window's runs, not of one.
        if input.window == nil, let unread = metadata.unreadInputs {
            dashboard.unreadableInputs = unread
            dashboard.partialStatus = Dashboard.partialStored
        }
        return dashboard
    }

    /// `FailureGroups.firstFailures` of the run, by test key.
    private func firstFailures(of tests: Set<String>) -> [String: FailureRecord] {
        Dictionary(
            FailureGroups.firstFailures(input.failures, of: tests).map { ($0.test, $0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The tests that failed in the baseline and fail again (not new failures), neither
    /// quarantined nor known flaky, with the commit their state dates from. For a pull request's
    /// run that is a commit of its target branch (`failing on main since 1a2b3c4d5e6f`): its
    /// states are the target's window and this run (`TestVerdict.since`).
    private func stillFailing(_ firstFailures: [String: FailureRecord]) -> [DashboardExcusedFailure] {
        let metadata = input.metadata
        let request = metadata.baseBranch.flatMap { $0 != metadata.branch ? $0 : nil }
        return input.verdicts.tests(.stillFailing).map { verdict in
            let since = DashboardWords.stillFailing(since: verdict.since, targetBranch: request)
            let failure = firstFailures[verdict.test]
            return DashboardExcusedFailure(
                test: verdict.test, reason: since, message: failure?.message, category: failure?.category,
                failure: failure.map { failureRow($0) })
        }
    }

    /// The first failure of each new failure's test (`FailureGroups.firstFailures`: app problems
    /// before infrastructure), of the tests that failed (not those a retry passed).
    private func newFailures() -> [DashboardNewFailure] {
        let tests = input.verdicts.newFailures
        let rows = Self.newFailures(input.failures, of: Set(tests)).map { failureRow($0) }
        // A test can fail with no failure of its own (an xcresult argument marked failed, a
        // testcase whose failure element is empty): it is still one of the gate's new failures.
        let described = Set(rows.map(\.test))
        return rows
            + tests.filter { !described.contains($0) }.map {
                DashboardNewFailure(
                    test: $0, message: FailureCategoryRule.unknownDescription, category: FailedTestCause.unknown,
                    note: input.verdicts[test: $0]?.newFailureNote)
            }
    }

    /// The failures the new-failures section lists of `tests`: each one's first failure
    /// (`FailureGroups.firstFailures`), of the tests that failed (not those a retry passed).
    static func newFailures(_ failures: [FailureRecord], of tests: Set<String>) -> [FailureRecord] {
        FailureGroups.firstFailures(failures, of: tests).filter { $0.testOutcome == .failed }
    }

    /// A failure in the renderers' shape: message, source link, cause, element and screenshots.
    private func failureRow(_ record: FailureRecord) -> DashboardNewFailure {
        Self.failureRow(
            record, sourceLinks: input.sourceLinks, screenshots: input.screenshots[record.test],
            note: input.verdicts[test: record.test]?.newFailureNote)
    }

    private static func failureRow(
        _ record: FailureRecord, sourceLinks: SourceLinks? = nil, screenshots: Int? = nil, note: String? = nil
    ) -> DashboardNewFailure {
        let link = record.location.flatMap { sourceLinks?.link($0) }
        return DashboardNewFailure(
            test: record.test, message: record.message, location: link?.text ?? record.location?.description,
            locationURL: link?.url,
            category: record.category,
            identifier: record.element?.template, clusterID: record.fingerprint,
            isInfrastructure: record.isInfrastructure,
            rawIdentifier: record.element?.identifier, screenshots: screenshots,
            identifierFoundIn: record.element.flatMap { element in
                switch element.resolution {
                case .step: "steps"
                case .activity: "output"
                default: nil
                }
            }, note: note)
    }

    /// How a test fared on a pull request's target branch, when flaky there.
    func targetBranchFlakes(_ testKey: String) -> DashboardTargetBranchFlakes? {
        input.insights?.targetBranchFlakes[testKey].map {
            DashboardTargetBranchFlakes(branch: $0.branch, failedRuns: $0.failedRuns, runs: $0.runs)
        }
    }

    /// The tree in the renderer's shape; child counts are counted once, not per node.
    static func treeNodes(_ tree: [IdentifierNode]) -> [DashboardTreeNode] {
        var childCounts: [String: Int] = [:]
        for node in tree { if let parent = node.parent { childCounts[parent, default: 0] += 1 } }
        return tree.map { treeNode($0, children: childCounts[$0.path] ?? 0) }
    }

    private static func treeNode(_ node: IdentifierNode, children: Int) -> DashboardTreeNode {
        let bySeverity = node.branch.auditIssuesBySeverity
        return DashboardTreeNode(
            // Analysis numbers roots 1; the renderer's flattened pre-order tree starts at 0.
            path: node.path, segment: node.segment, depth: max(0, node.depth - 1), childCount: children,
            elements: node.branch.interactive, identified: node.branch.identified, failed: node.branch.failed,
            passedOnRetry: node.branch.passedOnRetry, auditErrors: bySeverity["error"] ?? 0,
            auditWarnings: bySeverity["warning"] ?? 0)
    }

    private static func cluster(_ cluster: FailureCluster) -> DashboardCluster {
        DashboardCluster(
            id: cluster.fingerprint, category: cluster.category, isInfrastructure: cluster.isInfrastructure,
            normalizedMessage: cluster.normalizedMessage, example: cluster.exampleMessage,
            identifier: cluster.identifier, tests: cluster.tests, testCount: cluster.testCount)
    }
}

extension TestVerdict {
    /// Why the failure counts as new though history calls the test flaky, in words
    /// (`DashboardWords.flakyNewFailure`); nil for any other test.
    var newFailureNote: String? {
        guard case .newFailure(let message)? = newFailureReason else { return nil }
        return DashboardWords.flakyNewFailure(message: message)
    }
}
