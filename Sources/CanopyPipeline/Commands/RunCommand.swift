import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation

/// `canopy run`: the CI post-step in one call — ingest the inputs as one run, store it, analyse
/// it against history, write the summary, dashboard and report, annotate, and judge the gates.
package struct RunCommand {
    package struct Outcome: Sendable {
        package var runKey: String
        package var stored: Bool
        package var gates: [GateResult]
        /// The workflow commands for standard output (GitHub's `::error …`), before `lines`.
        package var annotations: [String]
        /// Lines for standard output (the gate verdicts, where the files are).
        package var lines: [String]
        /// What `--quiet` keeps of them: failed gates and their tests.
        package var quietLines: [String]
        /// How long each step took.
        package var timings: StepTimer
        /// What the page, the summary and the comment were drawn from.
        package var dashboard: Dashboard
        /// The run, its history and its rendered files, for the command to exit holding: the
        /// process returns their memory at exit, so they are never freed one by one.
        package var retained: [any Sendable] = []
        package var exitCode: Int32 { gates.contains { !$0.passed } ? 1 : 0 }
    }

    package let context: CommandContext

    package init(options: RunOptions) throws {
        context = try CommandContext(options: options)
    }

    /// The stages, each a value in and a value out: read → assemble (`readableRun`) → attach
    /// (`attach`) → analyse (`CommandContext.analyse`) → store (`store`) → compare with history
    /// (`CommandContext.insights`) → judge (`judge`) → build the dashboard (`buildDashboard`) →
    /// render (`renderMarkdown`, `HTMLDashboardRenderer`) → write (`write`). What runs beside what
    /// is decided here alone, with `async let`.
    package func run() async throws -> Outcome {
        let options = context.options
        var timer = StepTimer()
        // Whatever would fail after the run is stored is checked first: the output directory, and
        // the `--baseline` run (below, once the store is open).
        try ArtifactWriter.prepare(files: OutputPaths(directory: options.outputDirectory).runFiles(annotations: options.annotations))
        let dashboardURL = try context.dashboardURL()
        // The files are written into a staging directory and moved into place together, after the
        // store: `--out` holds the previous run's set or this one's, never a mix (OutputStage).
        var stage = try OutputStage(directory: options.outputDirectory)
        defer { stage.discard() }
        let assembled = try readableRun()
        timer.lap("parse")
        let (run, attachedAny) = try attach(assembled, into: &stage)
        if attachedAny { timer.lap("attachments") }
        // On a terminal the bar stood full through the rest of a large run: say what comes next.
        if context.progress.drawsBar { context.progress.log("analysing \(run.tests.count) tests, storing the run and reading history …") }
        let store = try await context.openStore()
        do { try await context.chosenBaseline(in: store) } catch {
            await store.close()
            throw error
        }
        // The store writes the run's own rows (the run, its attempts, its audit issues) while the
        // run is analysed, in the transaction `finish` commits, which adds the tests and the
        // analysis.
        let pending = store.beginStore(run)
        let prepared = context.analyse(run, testRows: Concurrently.start { TestRunRow.rows(for: run) })
        timer.lap("analyse")
        // report.json and the dashboard's parts drawn from the run alone (the bulk of the page for
        // a large run) are made while the run is stored and history read.
        async let reportJSON = JSONOutput.fileBytes(prepared.report)
        async let testsPart = Self.testsPart(prepared)
        let context = context
        let ((result, insights, storeTimer), closing) = try await context.withStoreClosingLater(store) { store in
            var storeTimer = StepTimer()
            let result = try await Self.store(prepared, pending: pending, context: context, store: store)
            storeTimer.lap("store")
            // History is read once the run is in it: the window the run's readers will see.
            let insights = try await context.insights(for: prepared, store: store, stored: true)
            storeTimer.lap("history")
            return (result, insights, storeTimer)
        }
        timer.lap("store+history")
        timer.append(storeTimer)

        let judged = judge(prepared, insights: insights)
        // The insights document encodes beside the dashboard.
        async let insightsJSON = JSONOutput.fileBytes(
            RunInsightsDocument(
                runKey: prepared.run.metadata.runKey ?? "", insights: insights, gates: judged.gates, excused: judged.input.excusedFailures))
        let paths = OutputPaths(directory: options.outputDirectory)
        let (parts, renderedTests) = await testsPart
        // The checkout's source files, found once for the links and the annotations.
        let sourcePaths = SourcePathResolver(root: SourcePathResolver.checkout(context.ci, home: options.environment["HOME"]))
        let dashboard = buildDashboard(
            prepared, parts: parts, insights: insights, judged: judged, dashboardPath: dashboardURL ?? paths.dashboard, sourcePaths: sourcePaths)
        timer.lap("gates+dashboard")
        // The HTML renders beside the Markdown (the step summary and the comment, one rendering).
        async let html = HTMLDashboardRenderer().render(dashboard, tests: renderedTests)
        let (summary, commentText) = renderMarkdown(dashboard)
        let files = RunFiles(
            summary: summary, comment: commentText, dashboard: await html, report: try await reportJSON, insights: try await insightsJSON)
        timer.lap("render")
        // The store's close (SQLite's checkpoint) ran beside the rendering; files are written once
        // it is done, so nothing is written for a run whose store did not close.
        await closing.value
        timer.lap("close")
        let mode = options.annotations == .automatic ? (context.ci.provider == "github" ? .github : .none) : options.annotations
        try write(files, prepared: prepared, newFailures: judged.newFailures, mode: mode, sourcePaths: sourcePaths, into: &stage)
        timer.lap("write")
        var outcome = outcome(
            prepared, result: result, insights: insights, judged: judged, files: files, dashboard: dashboard, mode: mode,
            sourcePaths: sourcePaths, timings: timer)
        outcome.retained.append(renderedTests)
        return outcome
    }
}

extension RunCommand {
    /// What the gates were given and concluded.
    struct Judgement {
        var input: GateInput
        var warnings: [String]
        var notes: [String]
        var gates: [GateResult]
        var newFailures: Set<String> { Set(input.newFailures) }
    }

    /// The files of a stored run, rendered.
    struct RunFiles {
        var summary: String
        var comment: String
        var dashboard: String
        var report: [UInt8]
        var insights: [UInt8]
    }

    /// Screenshots and other attachments (`--attachments`), staged beside the page; a damaged
    /// payload stops the run here, before anything is stored. The run with its attachments'
    /// paths, and whether any was written.
    func attach(_ assembled: Run, into stage: inout OutputStage) throws -> (Run, Bool) {
        var run = assembled
        let site = (OutputPaths(directory: context.options.outputDirectory).dashboard as NSString).deletingLastPathComponent
        let attached = try AttachmentWriter(limits: context.configuration.attachments, siteDirectory: site).write(&run) {
            try stage.write($0, to: $1)
        }
        for note in attached.notes { context.progress.log(note) }
        return (run, attached.written > 0)
    }

    /// Finishes storing the analysed run begun with `pending`; a run key already stored must hold
    /// the same results (`requireStoredResults`).
    static func store(
        _ prepared: PreparedRun, pending: any PendingStore, context: CommandContext, store: any HistoryStore
    ) async throws -> IngestResult {
        let result: IngestResult
        do {
            result = try await pending.finish(digest: prepared.digest, testRows: prepared.testRows)
        } catch {
            // Nothing may be left waiting in the transaction when the store closes.
            await pending.cancel()
            throw error
        }
        if result == .alreadyStored { try await context.requireStoredResults(are: prepared, in: store) }
        return result
    }

    /// The gates' input from the run and its history, and their verdicts.
    func judge(_ prepared: PreparedRun, insights: HistoryInsights) -> Judgement {
        let (input, warnings, notes) = GateInputBuilder.build(
            prepared: prepared, comparison: insights.comparison, quarantine: context.configuration.quarantine,
            flakyPast: insights.flakyPast, flakyBefore: insights.flakyBefore,
            flakyGate: context.configuration.gates.maximumNewFlakyTests != nil, now: context.options.now)
        return Judgement(
            input: input, warnings: warnings, notes: notes, gates: GateEvaluator.evaluate(input, configuration: context.configuration.gates))
    }

    /// What the page, the summary and the comment are drawn from.
    func buildDashboard(
        _ prepared: PreparedRun, parts: DashboardBuilder.RunParts, insights: HistoryInsights, judged: Judgement, dashboardPath: String,
        sourcePaths: SourcePathResolver
    ) -> Dashboard {
        var input = DashboardInput(
            prepared: prepared, parts: parts, insights: insights, gates: judged.gates, dashboardPath: dashboardPath, now: context.options.now)
        input.newFailureKeys = judged.newFailures
        input.newFailureReasons = judged.input.newFailureReasons
        input.excusedFailures = judged.input.excusedFailures
        input.newFlakyKeys = Set(judged.input.newFlakyTests)
        input.sourceLinks = SourceLinks(ci: context.ci, commit: prepared.run.metadata.commit, paths: sourcePaths)
        return DashboardBuilder(input: input).build()
    }

    /// The step summary and the pull-request comment. The comment starts with a marker a job can
    /// find it by, to update one comment per pull request rather than add one per push.
    func renderMarkdown(_ dashboard: Dashboard) -> (summary: String, comment: String) {
        let output = context.configuration.output
        let summary = MarkdownRenderer(budget: output.summaryBudget).render(dashboard)
        let comment = Self.commentMarker + MarkdownComment(budget: output.commentBudget - Self.commentMarker.utf8.count).render(dashboard)
        return (summary, comment)
    }

    /// Stages the files and moves them into `--out` together (with GitLab's code-quality report
    /// in `.gitlab` mode). The run is stored by now: a failure says so.
    func write(
        _ files: RunFiles, prepared: PreparedRun, newFailures: Set<String>, mode: AnnotationMode, sourcePaths: SourcePathResolver,
        into stage: inout OutputStage
    ) throws {
        let paths = OutputPaths(directory: context.options.outputDirectory)
        let limit = context.configuration.output.annotations
        do {
            try stage.write(files.summary, to: paths.summary)
            try stage.write(files.comment, to: paths.comment)
            try stage.write(files.dashboard, to: paths.dashboard)
            try stage.write(files.report, to: paths.report)
            try stage.write(files.insights, to: paths.insights)
            if mode == .gitlab {
                let candidates = Annotations.candidates(prepared, newFailures: newFailures, limit: limit)
                try stage.write(try Annotations.gitlab(candidates, limit: limit, paths: sourcePaths), to: paths.codeQuality)
            }
            try stage.commit()
        } catch {
            throw PipelineError.outputsAfterStore(
                "\(error)", runKey: prepared.run.metadata.runKey ?? "?", store: context.storeLocation.redactedStore,
                directory: context.options.outputDirectory)
        }
    }

    /// What the command prints and returns: notes, the gates' verdicts, where the files are, and
    /// GitHub's annotations in `.github` mode; the step summary is appended on the way.
    func outcome(
        _ prepared: PreparedRun, result: IngestResult, insights: HistoryInsights, judged: Judgement, files: RunFiles, dashboard: Dashboard,
        mode: AnnotationMode, sourcePaths: SourcePathResolver, timings: StepTimer
    ) -> Outcome {
        let options = context.options
        let output = context.configuration.output
        let paths = OutputPaths(directory: options.outputDirectory)
        let limit = output.annotations
        var lines: [String] = []
        var notes: [String] = []
        if let note = context.targetBranchNote(for: prepared.run, baseline: insights.baselineRun) { notes.append(note) }
        if let unread = prepared.run.metadata.unreadInputs {
            notes.append("stored as partial (--allow-partial): \(unread.count) input(s) could not be read; its tests may be missing")
        }
        if let baseline = insights.baselineRun, let unread = baseline.metadata.unreadInputs {
            notes.append("the baseline \(baseline.key) was stored partial (\(unread.count) input(s) unread): tests missing from it count as new")
        }
        if insights.baselineRun == nil {
            // A CI job on a throwaway runner with no --store keeps no history: say so, since every
            // failure then counts as new.
            notes.append(
                "no baseline: \(context.storeLocation.redactedStore) holds no earlier run of another commit on this branch"
                    + " or the target branch, so every failing test counts as new (keep the store between jobs: see docs/ci.md)")
        }
        if let summaryPath = context.ci.stepSummaryPath {
            // The run is stored and its files written: a step summary that cannot be appended to is
            // a note, not a reason to lose the gates' verdict.
            let text = Self.stepSummary(summary: files.summary, short: files.comment, room: output.summaryBudget - ArtifactWriter.size(of: summaryPath))
            do { try ArtifactWriter.append(text + "\n", to: summaryPath) } catch { notes.append("\(error); the summary is in \(paths.summary)") }
        }
        var annotations: [String] = []
        if mode == .github {
            // The gate's new failures (as in the summary): without a baseline every failure, but
            // never a quarantined or known flaky test.
            let candidates = Annotations.candidates(prepared, newFailures: judged.newFailures, limit: limit)
            annotations = Annotations.github(candidates, limit: limit, paths: sourcePaths)
                + Annotations.githubFlaky(prepared, newFlakyTests: judged.input.newFlakyTests, limit: limit, paths: sourcePaths)
                + Annotations.githubAudit(
                    GateInputBuilder.unquarantined(
                        insights.comparison.newAuditIssues, active: context.configuration.quarantine.filter { $0.isActive(on: options.now) }),
                    limit: limit)
        }
        lines += judged.warnings.map { "warning: \($0)" } + (judged.notes + notes).map { "note: \($0)" }
        lines += GateText.lines(judged.gates)
        lines.append("run \(prepared.run.metadata.runKey ?? "?") \(result == .inserted ? "stored" : "was already stored") in \(context.storeLocation.redactedStore)")
        lines.append("summary:   \(paths.summary)")
        lines.append("dashboard: \(paths.dashboard)")
        lines.append("report:    \(paths.report)")
        return Outcome(
            runKey: prepared.run.metadata.runKey ?? "", stored: result == .inserted, gates: judged.gates,
            annotations: annotations, lines: lines, quietLines: GateText.lines(judged.gates, failedOnly: true),
            timings: timings, dashboard: dashboard,
            retained: [prepared, insights, files.dashboard, files.report, files.insights, files.summary])
    }
}

extension RunCommand {
    /// What is appended to the step summary, which GitHub drops whole past 1 MiB (with what
    /// earlier steps wrote): the summary if it fits in `room`, else the shorter PR-comment text,
    /// else a line saying where the summary is.
    static let commentMarker = "<!-- canopy:comment -->\n"

    static func stepSummary(summary: String, short: String, room: Int) -> String {
        if summary.utf8.count + 1 <= room { return summary }
        if short.utf8.count + 1 <= room { return short }
        return "Canopy: the step summary has no room left for this run's summary; it is in the job's Reports/summary.md"
    }

    /// The run of the inputs. When some cannot be read: with `--allow-partial` the run of those
    /// that can, marked partial (`RunMetadata.unreadInputs`), their errors said on standard
    /// error; else the outputs say so (`writeUnreadable`) and the inputs' errors are thrown.
    func readableRun() throws -> Run {
        var (run, unreadable) = try context.assembleReadable()
        guard !unreadable.isEmpty else { return run }
        guard context.options.allowPartial else {
            writeUnreadable(unreadable, readable: run)
            throw PipelineError.inputs(unreadable)
        }
        run.metadata.unreadInputs = unreadable.map(\.description)
        for error in unreadable { context.progress.log(error.description) }
        return run
    }

    /// When inputs could not be read the run is neither stored nor judged (exit 2), but the
    /// summary, the comment, the page and the step summary are still written: first, in red,
    /// which inputs could not be read and why, then what the readable ones show, every failing
    /// test listed. A file that cannot be written is said on standard error: the inputs' errors
    /// stay the command's.
    func writeUnreadable(_ errors: [ParserError], readable run: Run) {
        let prepared = context.analyse(run, testRows: Concurrently.start { TestRunRow.rows(for: run) })
        let paths = OutputPaths(directory: context.options.outputDirectory)
        // The URL was checked before the inputs were read.
        let page = (try? context.dashboardURL()).flatMap { $0 } ?? paths.dashboard
        var input = DashboardInput(prepared: prepared, insights: nil, gates: nil, dashboardPath: page, now: context.options.now)
        input.newFailureKeys = prepared.failingTestKeys
        var dashboard = DashboardBuilder(input: input).build()
        dashboard.unreadableInputs = errors.map(\.description)
        let output = context.configuration.output
        let markdown = MarkdownRenderer.render(dashboard, budgets: [output.summaryBudget, output.commentBudget - Self.commentMarker.utf8.count])
        do {
            // Staged like a stored run's files: the three are moved into `--out` together.
            var stage = try OutputStage(directory: context.options.outputDirectory)
            defer { stage.discard() }
            try stage.write(markdown[0], to: paths.summary)
            try stage.write(Self.commentMarker + markdown[1], to: paths.comment)
            try stage.write(HTMLDashboardRenderer().render(dashboard), to: paths.dashboard)
            try stage.commit()
            if let summaryPath = context.ci.stepSummaryPath {
                let room = output.summaryBudget - ArtifactWriter.size(of: summaryPath)
                try ArtifactWriter.append(Self.stepSummary(summary: markdown[0], short: Self.commentMarker + markdown[1], room: room) + "\n", to: summaryPath)
            }
        } catch {
            context.progress.log("\(error)")
        }
    }

    /// The dashboard's sections drawn from the run alone, and the HTML page's part drawn from
    /// its test rows.
    static func testsPart(_ prepared: PreparedRun) -> (DashboardBuilder.RunParts, HTMLDashboardRenderer.TestsPart) {
        let parts = DashboardBuilder.runParts(of: prepared)
        return (parts, HTMLDashboardRenderer().renderTests(parts.tests))
    }
}
