import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// `canopy report [--run KEY] [--baseline KEY]`: renders the dashboard of a stored run (default:
/// the latest) from what history holds — tests, attempts, failures with their causes,
/// identifiers and normalised messages, audit issues, coverage and identifier nodes — compared
/// with its baseline as `canopy run` compared it, with flakiness over the window. Raw failure
/// messages are not kept in history; `canopy run` writes the full dashboard of the run it ingests.
package struct ReportCommand {
    package let context: CommandContext
    /// `--owner`: only this CODEOWNERS owner's tests.
    let owner: String?

    package init(options: HistoryOptions) throws {
        context = try CommandContext(options: options.runOptions)
        owner = options.owner
    }

    /// With the context of another command (`canopy trend` shows its latest run as `report` does).
    init(context: CommandContext) {
        self.context = context
        owner = nil
    }

    /// The stored runs, newest first, one line each.
    package func list(limit: Int) async throws -> [String] {
        let runs = try await context.history.withExistingStore { try await $0.runs(in: HistoryWindow(runs: limit)) }
        return runs.reversed().map { run in
            let date = run.metadata.startedAt.map { ISO8601DateFormatter().string(from: $0) } ?? "-"
            let partial = run.metadata.unreadInputs.map { ", partial: \($0.count) input(s) unread" } ?? ""
            return
                "\(run.key)\t\(date)\t\(run.metadata.branch ?? "-")\t\(run.metadata.commit.map { String($0.prefix(12)) } ?? "-")\t\(run.totals.tests) tests, \(run.totals.failed) failed, \(run.totals.passedOnRetry) passed on retry\(partial)"
        }
    }

    package func run(key: String?) async throws -> [String] {
        let dashboard = try await dashboard(key: key)
        let paths = context.outputPaths
        // The page and the summary are one set, swapped into `--out` whole like `run`'s: a set
        // never mixes the files of two runs.
        var stage = try OutputStage(directory: paths.directory)
        defer { stage.discard() }
        try stage.write(HTMLDashboardRenderer().render(dashboard), to: paths.dashboard)
        try stage.write(
            MarkdownRenderer(budget: context.configuration.output.summaryBudget).render(dashboard), to: paths.summary)
        try stage.commit()
        return ["dashboard: \(paths.dashboard)", "summary:   \(paths.summary)"]
    }

    /// The dashboard of the stored run `key` (default: the latest).
    package func dashboard(key: String?) async throws -> Dashboard {
        let source = try await context.sources.view(owner: owner)
        return try await context.history.withExistingStore { store in
            let found: StoredRun?
            if let key {
                found = try await store.run(key: key)
            } else {
                found = try await store.runs(in: HistoryWindow(runs: 1)).last
            }
            guard let stored = found else {
                throw PipelineError.usage(
                    key.map { "no stored run has the key '\($0)'; `canopy report --list` shows them" }
                        ?? "the store is empty; run `canopy ingest` or `canopy run` first")
            }
            var input = try await input(of: stored, store: store, source: source)
            if let owner = source.owner, let whole = input.insights?.trend, !whole.isEmpty {
                // The page's series of the window the run was judged over, of the owner's tests.
                let metadata = stored.metadata
                input.wholeSuiteTrend = whole
                input.insights?.trend = try await OwnerSeries.points(
                    owner: owner, whole: whole,
                    windows: [
                        context.historyJudge.flakinessWindow(for: metadata),
                        context.historyJudge.historyWindow(for: metadata).makingRoom(),
                    ],
                    store: store)
            }
            return DashboardBuilder(input: input).build()
        }
    }

    /// The dashboard's input for a stored run, from what history holds: the run's rows, its
    /// failures, audit issues, coverage and identifier nodes, judged against history by the path
    /// `canopy run` judged it by (`CommandContext.insights(for:)`, `verdicts(of:)`): its baseline
    /// as `run` chose it, the window up to its start, quarantine and gates as of its start.
    func input(of stored: StoredRun, store: any HistoryStore, source: SourceView = .none) async throws
        -> DashboardInput
    {
        let (tests, digests) = source.owned(
            tests: try await store.testRuns(runKey: stored.key), failures: try await store.failures(runKey: stored.key))
        let audits = try await store.auditIssues(runKey: stored.key)
        let coverage = try await store.coverage(runKey: stored.key)
        let nodes = try await store.identifierNodes(runKey: stored.key)
        let outcomes = Dictionary(tests.map { ($0.testKey, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        let failures = digests.map { FailureRecord(stored: $0, testOutcome: outcomes[$0.testKey] ?? .failed) }
        var metadata = stored.metadata
        metadata.runKey = stored.key
        let judged = JudgedRun(
            metadata: metadata, testRows: tests, failures: digests,
            snapshot: BaselineSnapshot(
                runKey: stored.key, commit: stored.metadata.commit, tests: tests, auditIssues: audits,
                coverage: coverage), sourceIndex: source.catalog?.index)
        let chosen = try await context.historyJudge.chosenBaseline(in: store)
        if let chosen, chosen.key == stored.key {
            throw PipelineError.usage("--baseline names the run being reported ('\(stored.key)'); give an earlier run")
        }
        var insights = try await context.historyJudge.insights(
            for: judged, store: store, stored: true, chosenBaseline: chosen)
        if let owner = source.owner {
            let owned = Set(tests.map(\.testKey))
            // The baseline's other tests are not missing: they are not the owner's.
            insights.comparison.missingTests.removeAll { !owner.owns(test: $0, identifiers: []) }
            insights.flakiness.removeAll {
                !owned.contains($0.key.testKey) && !owner.owns(test: $0.key.testKey, identifiers: [])
            }
            insights.flakyElements.removeAll { element in
                !element.tests.contains { owned.contains($0) || owner.owns(test: $0, identifiers: []) }
                    && !owner.owns(test: "", identifiers: [element.identifier])
            }
            // An element another owner declares lists the owner's tests on it alone; its figures
            // stay the element's. On the owner's own element every test failing on it is theirs.
            for index in insights.flakyElements.indices
            where !owner.owns(test: "", identifiers: [insights.flakyElements[index].identifier]) {
                insights.flakyElements[index].tests.removeAll {
                    !owned.contains($0) && !owner.owns(test: $0, identifiers: [])
                }
            }
            // The key figures compare the owner's tests with the baseline's tests of the owner.
            if let baseline = insights.baselineRun {
                let (rows, _) = source.owned(
                    tests: try await store.testRuns(runKey: baseline.key),
                    failures: try await store.failures(runKey: baseline.key))
                insights.baselineRun?.totals = OwnerFilter.totals(of: rows, whole: baseline.totals)
            }
        }
        let judgement = context.runJudge.judge(
            judged,
            subject: GateSubject(
                stored: stored, tests: tests, failures: failures, audits: audits, coverage: coverage,
                treePaths: nodes.map(\.path)),
            insights: insights, judgedAt: stored.metadata.startedAt ?? context.options.now, testExitCode: nil)

        // A test's cause: a failed test's is the one it is counted under (`FailedTestCause`),
        // another's its first failure's.
        let causeOf = FailureGroups.causeOfFailedTest(failures)
        let firstCategory = Dictionary(
            failures.map { ($0.test, $0.category) }, uniquingKeysWith: { first, _ in first })
        func categoryOf(_ row: TestRunRow) -> String? {
            row.outcome == .failed ? causeOf(row.testKey) : firstCategory[row.testKey]
        }
        // What each cause means and what usually fixes it, from the rules in effect.
        let descriptions = Dictionary(
            context.configuration.analysis.effectiveCategories.map { ($0.name, ($0.description, $0.fix)) },
            uniquingKeysWith: { first, _ in first })
        let (clusters, causes, byIdentifier) = DashboardBuilder.failureSections(
            failures, failedTests: tests.lazy.filter { $0.outcome == .failed }.map(\.testKey),
            clusters: FailureGroups.clusters(failures), descriptions: descriptions)
        let parts = DashboardBuilder.RunParts(
            tests: tests.map { row in
                let key = row.key
                return DashboardTestRow(
                    key: row.testKey, className: key.className, name: key.nameWithArguments,
                    device: row.device, outcome: row.outcome, attempts: row.attempts, duration: row.duration,
                    category: categoryOf(row))
            },
            identifierTree: Self.treeNodes(nodes, coverage: coverage), clusters: clusters, categories: causes,
            failuresByIdentifier: byIdentifier,
            accessibility: DashboardAccessibility(issues: DashboardBuilder.auditIssues(audits)))
        var input = DashboardInput(
            title: "Canopy — run \(stored.key)" + (source.owner.map { " — \($0.owner)" } ?? ""),
            metadata: stored.metadata,
            totals: source.owner == nil ? stored.totals : OwnerFilter.totals(of: tests, whole: stored.totals),
            coverage: coverage.first { $0.scope == .overall }?.ratio, audits: audits, failures: failures,
            testRows: tests, parts: parts,
            insights: insights, gates: judgement.gates, now: context.options.now)
        input.verdicts = judgement.verdicts
        if let owner = source.owner {
            let matched = judgement.verdicts.tests.compactMap(\.quarantine)
            input.verdicts.keepQuarantine { owner.owns($0, matched: matched.contains($0)) }
        }
        input.source = source.catalog
        input.untested = try await SourceView.untestedIdentifiers(
            catalog: source.catalog, window: context.historyJudge.flakinessWindow(for: stored.metadata), store: store)
        if let owner = source.owner {
            input.owner = owner.owner
            input.untested.removeAll { !$0.owners.contains { owner.names($0) } }
            // The Performance view's metrics are of the owner's tests; the gates stay the run's.
            let owned = Set(tests.map(\.testKey))
            input.insights?.metricChanges.removeAll { !owned.contains($0.testKey) }
            input.insights?.metricHistories.removeAll { !owned.contains($0.testKey) }
        }
        input.sourceDirectory = source.directory
        return input
    }

    /// The identifier tree of a stored run in the renderer's pre-order (children sorted by path,
    /// as the run's own dashboard drew it): every node with its branch's figures.
    static func treeNodes(_ stored: [IdentifierNodeDigest], coverage: [CoverageFigure]) -> [DashboardTreeNode] {
        let nodes = stored.contains { $0.auditErrors == nil } ? treeOfIdentifiersAlone(stored) : stored
        let paths = Set(nodes.map(\.path))
        var children: [String: [IdentifierNodeDigest]] = [:]
        var roots: [IdentifierNodeDigest] = []
        for node in nodes {
            if let parent = node.parent, paths.contains(parent) {
                children[parent, default: []].append(node)
            } else {
                roots.append(node)
            }
        }
        let branchCoverage = Dictionary(
            coverage.filter { $0.scope == .branch }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var ordered: [DashboardTreeNode] = []
        func emit(_ node: IdentifierNodeDigest, depth: Int) {
            let below = (children[node.path] ?? []).sorted { $0.path < $1.path }
            // A separator is one character: the segment follows the parent's path and it.
            let segment =
                node.parent.map { node.path.hasPrefix($0) ? String(node.path.dropFirst($0.count + 1)) : node.path }
                ?? node.path
            // Before schema 3 a node kept no coverage: the run's branch figures reach branchDepth.
            let figure = branchCoverage[node.path]
            // A node stored before schema 3 kept only its total: shown as errors, as then.
            let errors = node.auditErrors ?? node.auditIssues
            ordered.append(
                DashboardTreeNode(
                    path: node.path, segment: segment, depth: depth, childCount: below.count,
                    elements: node.interactive ?? figure?.interactive ?? 0,
                    identified: node.identified ?? figure?.identified ?? 0,
                    failed: node.failed,
                    passedOnRetry: node.passedOnRetry, auditErrors: errors, auditWarnings: node.auditIssues - errors))
            for child in below { emit(child, depth: depth + 1) }
        }
        for root in roots.sorted(by: { $0.path < $1.path }) { emit(root, depth: 0) }
        return ordered
    }

    /// A run stored before schema 3 kept its identifier nodes alone with their own figures: their
    /// ancestors are made by cutting paths at `.`, `-` and `_`, and each node's figures are added
    /// to its ancestors'. Audit issues add up exactly; tests, failed tests and tests passed on
    /// retry touching two nodes of a branch count twice.
    static func treeOfIdentifiersAlone(_ own: [IdentifierNodeDigest]) -> [IdentifierNodeDigest] {
        func parent(of path: String) -> String? {
            guard let cut = path.lastIndex(where: { ".-_".contains($0) }), cut > path.startIndex else { return nil }
            return String(path[..<cut])
        }
        var byPath: [String: IdentifierNodeDigest] = [:]
        for node in own {
            var path: String? = node.path
            while let current = path {
                var entry =
                    byPath[current]
                    ?? IdentifierNodeDigest(
                        path: current, parent: parent(of: current), tests: 0, failed: 0, passedOnRetry: 0,
                        auditIssues: 0, auditErrors: nil)
                entry.tests += node.tests
                entry.failed += node.failed
                entry.passedOnRetry += node.passedOnRetry
                entry.auditIssues += node.auditIssues
                byPath[current] = entry
                path = entry.parent
            }
        }
        return Array(byPath.values)
    }
}
