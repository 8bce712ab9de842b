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
        let window = HistoryWindow(branch: branch, days: days, runs: runs ?? (days == nil ? 30 : nil), until: nil)
        let configuration = context.configuration.flakiness
        let context = context
        let (points, flakiness, latest, lastMessages, newFailures) = try await context.withExistingStore { store in
            var rows: [TestRunRow] = []
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { rows.append($0) }
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: window) { failures.append($0) }
            let latest = try await store.runs(in: window).last
            // The latest run's new failures by the rule `run` and `report` apply: against its baseline.
            var newFailures: [DashboardNewFailure] = []
            if let latest {
                let baseline = try await CommandContext.previousRun(of: latest.metadata, store: store, before: latest.key)
                let comparison = try await context.comparison(of: latest, with: baseline, store: store)
                // The comparison's new failures are tests that failed.
                let failures = try await store.failures(runKey: latest.key).map { FailureRecord(stored: $0, testOutcome: .failed) }
                newFailures = DashboardBuilder.newFailureRows(failures, of: Set(comparison.newFailures))
            }
            return (
                try await store.trend(in: window), FlakinessAnalyzer(configuration: configuration).analyze(rows), latest,
                CommandContext.lastMessages(failures), newFailures
            )
        }
        guard let latest, !points.isEmpty else {
            throw PipelineError.usage("no runs stored in \(context.storeLocation.redactedStore) for that window; run `canopy ingest` or `canopy run` first")
        }
        let paths = OutputPaths(directory: context.options.outputDirectory)
        var dashboard = TrendDashboardBuilder.build(
            points: points, flakiness: flakiness, latest: latest, window: window, now: context.options.now, lastMessages: lastMessages)
        dashboard.newFailures = newFailures
        try ArtifactWriter.write(TrendRenderer().render(dashboard), to: paths.trendDashboard)
        try ArtifactWriter.write(TrendMarkdownRenderer(budget: context.configuration.output.summaryBudget).render(dashboard), to: paths.trendSummary)
        let changed = Set((dashboard.trend?.changes ?? []).map(\.test)).count
        return [
            "trend over \(points.count) run\(points.count == 1 ? "" : "s"), \(changed) test(s) changed state",
            "trend dashboard: \(paths.trendDashboard)",
            "trend summary:   \(paths.trendSummary)",
        ]
    }
}
