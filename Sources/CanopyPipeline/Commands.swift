import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// `canopy ingest`: parse and store a run. Idempotent: the same run twice is one run.
public struct Ingestion {
    public let workflow: Workflow

    public init(options: RunOptions) throws {
        workflow = try Workflow(options: options)
    }

    /// Returns the run key and whether it was new.
    public func run() async throws -> (runKey: String, inserted: Bool, tests: Int) {
        let prepared = try workflow.prepare()
        let workflow = workflow
        let result = try await workflow.withStore { store in
            let result = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            if result == .alreadyStored { try await workflow.requireStoredResults(are: prepared, in: store) }
            return result
        }
        return (prepared.run.metadata.runKey ?? "", result == .inserted, prepared.run.tests.count)
    }
}

/// `canopy check`: evaluate the gates for the inputs against history, storing nothing.
public struct GateCheck {
    public let workflow: Workflow

    public init(options: RunOptions) throws {
        workflow = try Workflow(options: options)
    }

    /// The gates, the lines to print, and what `--quiet` keeps of them (failed gates, their tests).
    public func run() async throws -> (gates: [GateResult], lines: [String], quietLines: [String]) {
        let prepared = try workflow.prepare()
        let (insights, missing) = try await workflow.withStoreOrNone { try await workflow.insights(for: prepared, store: $0, stored: false) }
        let (input, warnings, notes) = GateInputBuilder.build(
            prepared: prepared, comparison: insights.comparison, quarantine: workflow.configuration.quarantine,
            flakyPast: insights.flakyPast, flakyBefore: insights.flakyBefore,
            flakyGate: workflow.configuration.gates.maximumNewFlakyTests != nil, now: workflow.options.now)
        let gates = GateEvaluator.evaluate(input, configuration: workflow.configuration.gates)
        var lines = warnings.map { "warning: \($0)" } + notes.map { "note: \($0)" }
        if let missing { lines.append("note: no history store at \(missing): judged without history (nothing was created there)") }
        if missing == nil, let note = workflow.targetBranchNote(for: prepared.run, baseline: insights.baselineRun) { lines.append("note: " + note) }
        let baseline =
            insights.baselineRun.map { "against \($0.baselineLabel(comparedWithRunOn: prepared.run.metadata.branch))" }
            ?? "without a baseline (no earlier run of another commit on this branch or the target branch)"
        lines.append("checked \(prepared.run.tests.count) tests \(baseline)")
        lines += GateText.lines(gates)
        return (gates, lines, GateText.lines(gates, failedOnly: true))
    }
}

/// Where `report` and `trend` read from and write to.
public struct HistoryOptions: Sendable {
    public var store: String?
    public var configPath: String?
    public var outputDirectory = "Reports"
    /// `report --baseline`: the stored run to compare with instead of the run before it.
    public var baseline: String?
    public var environment: [String: String]
    public var now: Date

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) {
        self.environment = environment
        self.now = now
    }

    var runOptions: RunOptions {
        var options = RunOptions(environment: environment, now: now)
        options.store = store
        options.configPath = configPath
        options.outputDirectory = outputDirectory
        options.baseline = baseline
        options.quiet = true
        return options
    }
}

/// `canopy trend`: the nightly report over a window of runs.
public struct TrendReport {
    public let workflow: Workflow

    public init(options: HistoryOptions) throws {
        workflow = try Workflow(options: options.runOptions)
    }

    public func run(days: Int?, runs: Int?, branch: String?) async throws -> [String] {
        let window = HistoryWindow(branch: branch, days: days, runs: runs ?? (days == nil ? 30 : nil), until: nil)
        let configuration = workflow.configuration.flakiness
        let workflow = workflow
        let (points, flakiness, latest, lastMessages, newFailures) = try await workflow.withExistingStore { store in
            var rows: [TestRunRow] = []
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: true) { rows.append($0) }
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: window) { failures.append($0) }
            let latest = try await store.runs(in: window).last
            // The latest run's new failures by the rule `run` and `report` apply: against its baseline.
            var newFailures: [DashboardNewFailure] = []
            if let latest {
                let baseline = try await Workflow.previousRun(of: latest.metadata, store: store, before: latest.key)
                let comparison = try await workflow.comparison(of: latest, with: baseline, store: store)
                // The comparison's new failures are tests that failed.
                let failures = try await store.failures(runKey: latest.key).map { FailureRecord(stored: $0, testOutcome: .failed) }
                newFailures = DashboardBuilder.newFailureRows(failures, of: Set(comparison.newFailures))
            }
            return (
                try await store.trend(in: window), FlakinessAnalyzer(configuration: configuration).analyze(rows), latest,
                Workflow.lastMessages(failures), newFailures
            )
        }
        guard let latest, !points.isEmpty else {
            throw PipelineError.usage("no runs stored in \(workflow.storeLocation.redactedStore) for that window; run `canopy ingest` or `canopy run` first")
        }
        let paths = OutputPaths(directory: workflow.options.outputDirectory)
        var dashboard = TrendDashboardBuilder.build(
            points: points, flakiness: flakiness, latest: latest, window: window, now: workflow.options.now, lastMessages: lastMessages)
        dashboard.newFailures = newFailures
        try ArtifactWriter.write(TrendRenderer().render(dashboard), to: paths.trendDashboard)
        try ArtifactWriter.write(TrendMarkdownRenderer(budget: workflow.configuration.output.summaryBudget).render(dashboard), to: paths.trendSummary)
        let changed = Set((dashboard.trend?.changes ?? []).map(\.test)).count
        return [
            "trend over \(points.count) run\(points.count == 1 ? "" : "s"), \(changed) test(s) changed state",
            "trend dashboard: \(paths.trendDashboard)",
            "trend summary:   \(paths.trendSummary)",
        ]
    }
}

/// The trend dashboard: the latest run's headline, the series, and the tests that changed state.
enum TrendDashboardBuilder {
    /// The tests whose state changed within the window of `points`, with the commit and date.
    /// A state that began with the window's first run may have begun before it: only a change
    /// after a run of the window that saw otherwise is one (a one-run window has none). A test
    /// that broke and was fixed within the window has both changes: stable → newly broken at its
    /// first failing commit, newly broken → fixed at its fix.
    static func changes(flakiness: [TestFlakiness], points: [TrendPoint], now: Date) -> [DashboardStateChange] {
        let dates = Dictionary(points.compactMap { point in point.commit.map { ($0, point.startedAt ?? now) } }, uniquingKeysWith: { first, _ in first })
        let firstCommit = points.first?.commit
        var changes: [DashboardStateChange] = []
        for result in flakiness {
            guard let to = DashboardBuilder.state(result.state), to != .stable else { continue }
            // The commit the state began at: the state's own, or for a flaky test its first failure.
            let verdicts = result.evidence.commits
            guard let commit = result.state.commit ?? verdicts.first(where: { $0.verdict != .pass })?.commit, commit != firstCommit,
                let position = verdicts.firstIndex(where: { $0.commit == commit }), position > 0
            else { continue }  // a test new to the window did not change state: it began so
            let before = verdicts[..<position]
            // A fixed test failing since the window's first run was never seen newly broken.
            let from: DashboardFlakyState =
                to == .fixed
                ? (before.allSatisfy({ $0.verdict == .fail }) ? .stillFailing : .newlyBroken)
                : before.allSatisfy({ $0.verdict == .pass }) ? .stable : .flaky
            guard from != to else { continue }
            if to == .fixed, from == .newlyBroken, let broke = before.lastIndex(where: { $0.verdict == .pass }).map({ before.index(after: $0) }),
                broke < before.endIndex
            {
                let brokeAt = before[broke].commit
                changes.append(DashboardStateChange(
                    test: result.key.testKey, from: .stable, to: .newlyBroken, commit: String(brokeAt.prefix(12)), date: dates[brokeAt] ?? now))
            }
            changes.append(DashboardStateChange(test: result.key.testKey, from: from, to: to, commit: String(commit.prefix(12)), date: dates[commit] ?? now))
        }
        // In the order they happened.
        return changes.sorted { ($0.date, $0.test) < ($1.date, $1.test) }
    }

    /// - Parameter lastMessages: each test's latest failure message over the window (`Workflow.lastMessages`).
    static func build(
        points: [TrendPoint], flakiness: [TestFlakiness], latest: StoredRun, window: HistoryWindow, now: Date,
        lastMessages: [String: String] = [:]
    ) -> Dashboard {
        let changes = changes(flakiness: flakiness, points: points, now: now)
        let flaky = flakiness.compactMap { DashboardBuilder.flakyTest($0, lastMessage: lastMessages[$0.key.testKey]) }
        let totals = latest.totals
        let last = points.last
        let first = points.first
        let headline = DashboardHeadline(
            // Every figure against the window's first run, as pass rate and coverage are.
            status: totals.failed > 0 ? .testsFailed : .passed,
            tests: DashboardKPI(Double(totals.tests), baseline: first.map { Double($0.tests) }),
            passed: DashboardKPI(Double(totals.passed), baseline: first.map { Double($0.passed) }),
            failed: DashboardKPI(Double(totals.failed), baseline: first.map { Double($0.failed) }),
            flaky: DashboardKPI(Double(totals.flaky), baseline: first.map { Double($0.flaky) }),
            skipped: DashboardKPI(Double(totals.skipped), baseline: first.map { Double($0.skipped) }),
            passRate: DashboardKPI(last?.passRate ?? 1, baseline: first?.passRate),
            identifierCoverage: DashboardKPI(last?.coverage ?? 0, baseline: first?.coverage),
            auditErrors: DashboardKPI(Double(last?.auditErrors ?? 0), baseline: first.map { Double($0.auditErrors) }),
            auditWarnings: DashboardKPI(
                Double((last?.auditIssues ?? 0) - (last?.auditErrors ?? 0)), baseline: first.map { Double($0.auditIssues - $0.auditErrors) }),
            duration: DashboardKPI(totals.duration, baseline: first?.duration))
        // A window of every branch says so: pull-request runs stored beside the nightlies are in it.
        let windowText = (window.days.map { "last \($0) day\($0 == 1 ? "" : "s")" } ?? "last \(points.count) run\(points.count == 1 ? "" : "s")")
            + (window.branch == nil ? ", all branches" : "")
        return Dashboard(
            title: "Canopy", generatedAt: now, headline: headline,
            links: DashboardLinks(
                buildURL: latest.metadata.buildURL, commit: latest.metadata.commit, branch: window.branch,
                baseline: first.map { "the window's first run" + ($0.commit.map { " (\($0.prefix(12)))" } ?? "") }),
            flakyTests: flaky, trend: DashboardBuilder.trend(points, changes: changes, window: windowText))
    }
}
