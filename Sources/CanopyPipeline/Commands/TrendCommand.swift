import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// `canopy trend`: the nightly report over a window of runs.
package struct TrendCommand {
    package let context: CommandContext

    package init(options: HistoryOptions) throws {
        context = try CommandContext(options: options.runOptions)
    }

    package func run(days: Int?, runs: Int?, branch: String?) async throws -> [String] {
        let dashboard = try await dashboard(days: days, runs: runs, branch: branch)
        let paths = context.outputPaths
        try ArtifactWriter.write(TrendRenderer().render(dashboard), to: paths.trendDashboard)
        try ArtifactWriter.write(
            TrendMarkdownRenderer(budget: context.configuration.output.summaryBudget).render(dashboard),
            to: paths.trendSummary)
        let points = dashboard.trend?.points.count ?? 0
        let changed = Set((dashboard.trend?.changes ?? []).map(\.test)).count
        return [
            "trend over \(points) run\(points == 1 ? "" : "s"), \(changed) test(s) changed state",
            "trend dashboard: \(paths.trendDashboard)",
            "trend summary:   \(paths.trendSummary)",
        ]
    }

    /// The trend dashboard of the window (`--days`, `--runs`, default the latest 30 runs; `--branch`).
    package func dashboard(days: Int?, runs: Int?, branch: String?) async throws -> Dashboard {
        let window = HistoryWindow(branch: branch, days: days, runs: runs ?? (days == nil ? 30 : nil), until: nil)
        let context = context
        return try await context.withExistingStore { store in
            let points = try await store.trend(in: window)
            guard let latest = try await store.runs(in: window).last, !points.isEmpty else {
                throw PipelineError.usage(
                    "no runs stored in \(context.storeLocation.redactedStore) for that window; run `canopy ingest` or `canopy run` first"
                )
            }
            return DashboardBuilder(
                input: try await input(latest: latest, window: window, points: points, store: store)
            ).build()
        }
    }

    /// The dashboard's input for `window`: its latest run as history holds it (totals, coverage,
    /// audit issues, failures, and its new failures against its baseline by the rule `run` and
    /// `report` apply), and the window's runs, flakiness and last failure messages. The latest run
    /// is compared with the window, not with a baseline run: no gates, no run sections.
    func input(latest: StoredRun, window: HistoryWindow, points: [TrendPoint], store: any HistoryStore) async throws
        -> DashboardInput
    {
        var rows: [TestRunRow] = []
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { rows.append($0) }
        var windowFailures: [FailureRow] = []
        try await store.forEachFailure(in: window) { windowFailures.append($0) }
        let snapshot = try await context.snapshot(of: latest, store: store)
        let baseline = try await CommandContext.previousRun(of: latest.metadata, store: store, before: latest.key)
        let comparison = try await context.comparison(of: latest, with: baseline, store: store, current: snapshot)
        let outcomes = Dictionary(
            snapshot.tests.map { ($0.testKey, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        let failures = try await store.failures(runKey: latest.key).map {
            FailureRecord(stored: $0, testOutcome: outcomes[$0.testKey] ?? .failed)
        }

        var insights = HistoryInsights(
            baselineRun: nil, comparison: BaselineComparison(baselineRunKey: nil),
            flakiness: await context.analyzeFlakiness(rows), flakyElements: [], trend: points)
        insights.lastFailureMessages = CommandContext.lastMessages(windowFailures)
        var input = DashboardInput(
            title: "Canopy", metadata: latest.metadata, totals: latest.totals,
            coverage: snapshot.coverage.first { $0.scope == .overall }?.ratio, audits: snapshot.auditIssues,
            failures: failures,
            testRows: snapshot.tests, parts: .empty, insights: insights,
            window: TrendWindow(window, runs: points.count), gates: nil,
            now: context.options.now)
        input.newFailureKeys = Set(comparison.newFailures)
        return input
    }
}
