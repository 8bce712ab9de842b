import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// `canopy trend`: the nightly report over a window of runs.
package struct TrendCommand {
    package let context: CommandContext
    /// `--owner`: only this CODEOWNERS owner's tests in the series and the lists; the whole
    /// suite's series beside them.
    let owner: String?

    /// The runs `canopy trend` covers without `--days` or `--runs` (retention keeps them).
    package static let defaultRuns = HistoryWindow.trendDefaultRuns

    package init(options: HistoryOptions) throws {
        context = try CommandContext(options: options.runOptions)
        owner = options.owner
    }

    package func run(days: Int?, runs: Int?, branch: String?) async throws -> [String] {
        // A bad CANOPY_DASHBOARD_URL stops the command before any file is written.
        let pageURL = try context.dashboardURL()
        let dashboard = try await dashboard(days: days, runs: runs, branch: branch)
        let paths = context.outputPaths
        try ArtifactWriter.write(TrendRenderer().render(dashboard), to: paths.trendDashboard)
        try ArtifactWriter.write(
            TrendMarkdownRenderer(budget: context.configuration.output.summaryBudget).render(dashboard),
            to: paths.trendSummary)
        try ArtifactWriter.write(
            JSONOutput.fileBytes(SlackRenderer.trend(slackDashboard(dashboard, pageURL: pageURL))), to: paths.trendSlack
        )
        let points = dashboard.trend?.points.count ?? 0
        let changes = dashboard.trend?.changes ?? []
        return [
            "trend over \(points) run\(points == 1 ? "" : "s"), \(changes.count) state change(s) in "
                + "\(Set(changes.map(\.test)).count) test(s)",
            "trend dashboard: \(paths.trendDashboard)",
            "trend summary:   \(paths.trendSummary)",
            "trend slack:     \(paths.trendSlack)",
        ]
    }

    /// `dashboard` with the links the Slack message gives: the page's URL (`pageURL`, from
    /// `CANOPY_DASHBOARD_URL` or `output.dashboardURL`) when known, and this job's CI build when
    /// the CI names one.
    func slackDashboard(_ dashboard: Dashboard, pageURL: String?) -> Dashboard {
        var dashboard = dashboard
        dashboard.links.dashboard = pageURL
        if let build = context.ci.metadata.buildURL { dashboard.links.buildURL = build }
        return dashboard
    }

    /// The trend dashboard of the window (`--days`, `--runs`, default the latest 30 runs; `--branch`).
    package func dashboard(days: Int?, runs: Int?, branch: String?) async throws -> Dashboard {
        let window = HistoryWindow(
            branch: branch, days: days, runs: runs ?? (days == nil ? Self.defaultRuns : nil), until: nil)
        let context = context
        let source = try await context.sources.view(owner: owner)
        return try await context.history.withExistingStore { store in
            let points = try await store.trend(in: window)
            guard let latest = try await store.runs(in: window).last, !points.isEmpty else {
                throw PipelineError.usage(
                    "no runs stored in \(context.storeLocation.redactedStore) for that window; run `canopy ingest` or `canopy run` first"
                )
            }
            return DashboardBuilder(
                input: try await input(latest: latest, window: window, points: points, store: store, source: source)
            ).build()
        }
    }

    /// The dashboard's input for `window`: its latest run exactly as `canopy report` shows it
    /// (`ReportCommand.input(of:)`: the one judgement of the run, so the latest-run tab, the flaky
    /// tests and their states are what `run` and `report` list, over the window the run was judged
    /// over), charted over the window's runs, with the state changes of the window and none of
    /// the run's own sections.
    func input(
        latest: StoredRun, window: HistoryWindow, points: [TrendPoint], store: any HistoryStore,
        source: SourceView = .none
    ) async throws -> DashboardInput {
        var input = try await ReportCommand(context: context).input(of: latest, store: store, source: source)
        // The window's states, folded as its rows stream (`FlakinessAccumulator`). With `--owner`,
        // the owner's tests: those CODEOWNERS gives them, or whose failures touch their identifiers.
        var owns: (String) -> Bool = { _ in true }
        if let owner = source.owner {
            var identifiers: [String: [String]] = [:]
            try await store.forEachFailure(in: window) { failure in
                if let identifier = failure.identifier { identifiers[failure.testKey, default: []].append(identifier) }
            }
            owns = { owner.owns(test: $0, identifiers: identifiers[$0] ?? []) }
        }
        var states = FlakinessAccumulator(analyzer: FlakinessAnalyzer(configuration: context.configuration.flakiness))
        var owned: (test: String, owns: Bool)?
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { row in
            if owned?.test != row.testKey { owned = (row.testKey, owns(row.testKey)) }
            if owned?.owns == true { states.add(row) }
        }
        input.title = "Canopy"
        input.parts = .empty
        // The window's states date its state changes; they judge no test of the latest run.
        input.window = TrendWindow(window, runs: points.count, flakiness: states.finish())
        input.insights?.trend = points
        input.untested = try await SourceView.untestedIdentifiers(catalog: source.catalog, window: window, store: store)
        if let owner = source.owner {
            input.title = "Canopy — \(owner.owner)"
            input.window?.owner = owner.owner
            input.wholeSuiteTrend = points
            input.insights?.trend = try await OwnerSeries.points(
                owner: owner, whole: points, windows: [window], store: store)
            input.untested.removeAll { !$0.owners.contains { owner.names($0) } }
        }
        return input
    }
}
