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
        var assembled = try readableRun()
        timer.lap("parse")
        // Screenshots and other attachments (`--attachments`), staged beside the page; a damaged
        // payload stops the run here, before anything is stored.
        let site = (OutputPaths(directory: options.outputDirectory).dashboard as NSString).deletingLastPathComponent
        let attached = try AttachmentWriter(limits: context.configuration.attachments, siteDirectory: site).write(&assembled) {
            try stage.write($0, to: $1)
        }
        for note in attached.notes { context.progress.log(note) }
        if attached.written > 0 { timer.lap("attachments") }
        let run = assembled
        // On a terminal the bar stood full through the rest of a large run: say what comes next.
        if context.progress.drawsBar { context.progress.log("analysing \(run.tests.count) tests, storing the run and reading history …") }
        // The store writes the run's own rows (the run, its attempts, its audit issues) while the
        // run is analysed, in the transaction `finish` commits, which adds the tests and the
        // analysis.
        let testRows = Concurrently.start { TestRunRow.rows(for: run) }
        let store = try await context.openStore()
        do { try await context.chosenBaseline(in: store) } catch {
            await store.close()
            throw error
        }
        let pending = store.beginStore(run)
        let prepared = context.analyse(run, testRows: testRows)
        timer.lap("analyse")
        // report.json depends on the analysed run alone: encoded while the store works. Files are
        // still written only once everything succeeded.
        async let reportJSON = JSONOutput.fileBytes(prepared.report)
        // So are the dashboard's sections drawn from the run alone and the page's tests part (its
        // embedded JSON): the bulk of the page for a large run, made while the store writes and
        // history is read.
        async let testsPart = Self.testsPart(prepared)
        let ((result, insights, storeTimer), closing) = try await context.withStoreClosingLater(store) { store in
            var storeTimer = StepTimer()
            let result: IngestResult
            do {
                result = try await pending.finish(digest: prepared.digest, testRows: prepared.testRows)
            } catch {
                // Nothing may be left waiting in the transaction when the store closes.
                await pending.cancel()
                throw error
            }
            storeTimer.lap("store")
            if result == .alreadyStored { try await context.requireStoredResults(are: prepared, in: store) }
            // History is read once the run is in it: the window the run's readers will see.
            let insights = try await context.insights(for: prepared, store: store, stored: true)
            storeTimer.lap("history")
            return (result, insights, storeTimer)
        }
        timer.lap("store+history")
        timer.append(storeTimer)

        let (gateInput, warnings, gateNotes) = GateInputBuilder.build(
            prepared: prepared, comparison: insights.comparison, quarantine: context.configuration.quarantine,
            flakyPast: insights.flakyPast, flakyBefore: insights.flakyBefore,
            flakyGate: context.configuration.gates.maximumNewFlakyTests != nil, now: options.now)
        let gates = GateEvaluator.evaluate(gateInput, configuration: context.configuration.gates)
        // The insights document encodes beside the dashboard.
        async let insightsJSON = JSONOutput.fileBytes(
            RunInsightsDocument(runKey: prepared.run.metadata.runKey ?? "", insights: insights, gates: gates, excused: gateInput.excusedFailures))
        let paths = OutputPaths(directory: options.outputDirectory)
        let (parts, renderedTests) = await testsPart
        let newFailures = Set(gateInput.newFailures)
        // The checkout's source files, found once for the links and the annotations.
        let sourcePaths = SourcePathResolver(root: SourcePathResolver.checkout(context.ci, home: options.environment["HOME"]))
        var input = DashboardInput(
            prepared: prepared, parts: parts, insights: insights, gates: gates, dashboardPath: dashboardURL ?? paths.dashboard, now: options.now)
        input.newFailureKeys = newFailures
        input.newFailureReasons = gateInput.newFailureReasons
        input.excusedFailures = gateInput.excusedFailures
        input.newFlakyKeys = Set(gateInput.newFlakyTests)
        input.sourceLinks = SourceLinks(ci: context.ci, commit: prepared.run.metadata.commit, paths: sourcePaths)
        let dashboard = DashboardBuilder(input: input).build()
        timer.lap("gates+dashboard")
        // The HTML renders beside the Markdown (the step summary and the comment, one rendering).
        async let html = HTMLDashboardRenderer().render(dashboard, tests: renderedTests)
        let output = context.configuration.output
        let summary = MarkdownRenderer(budget: output.summaryBudget).render(dashboard)
        // The comment starts with a marker a job can find it by, to update one comment per pull
        // request rather than add one per push.
        let commentText = Self.commentMarker + MarkdownComment(budget: output.commentBudget - Self.commentMarker.utf8.count).render(dashboard)
        let (dashboardHTML, report, insightsDocument) = (await html, try await reportJSON, try await insightsJSON)
        timer.lap("render")
        // The store's close (SQLite's checkpoint) ran beside the rendering; files are written once
        // it is done, so nothing is written for a run whose store did not close.
        await closing.value
        timer.lap("close")
        let mode = options.annotations == .automatic ? (context.ci.provider == "github" ? .github : .none) : options.annotations
        // The gate's new failures (as in the summary): without a baseline every failure, but never
        // a quarantined or known flaky test.
        let limit = context.configuration.output.annotations
        // Picked only when they are written.
        let candidates = { Annotations.candidates(prepared, newFailures: newFailures, limit: limit) }
        let sources = { sourcePaths }
        do {
            try stage.write(summary, to: paths.summary)
            try stage.write(commentText, to: paths.comment)
            try stage.write(dashboardHTML, to: paths.dashboard)
            try stage.write(report, to: paths.report)
            try stage.write(insightsDocument, to: paths.insights)
            if mode == .gitlab { try stage.write(try Annotations.gitlab(candidates(), limit: limit, paths: sources()), to: paths.codeQuality) }
            try stage.commit()
        } catch {
            throw PipelineError.outputsAfterStore(
                "\(error)", runKey: prepared.run.metadata.runKey ?? "?", store: context.storeLocation.redactedStore,
                directory: options.outputDirectory)
        }
        timer.lap("write")

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
            let text = Self.stepSummary(summary: summary, short: commentText, room: output.summaryBudget - ArtifactWriter.size(of: summaryPath))
            do { try ArtifactWriter.append(text + "\n", to: summaryPath) } catch { notes.append("\(error); the summary is in \(paths.summary)") }
        }
        var annotations: [String] = []
        if mode == .github {
            annotations = Annotations.github(candidates(), limit: limit, paths: sources())
                + Annotations.githubFlaky(prepared, newFlakyTests: gateInput.newFlakyTests, limit: limit, paths: sources())
                + Annotations.githubAudit(
                    GateInputBuilder.unquarantined(
                        insights.comparison.newAuditIssues, active: context.configuration.quarantine.filter { $0.isActive(on: options.now) }),
                    limit: limit)
        }
        lines += warnings.map { "warning: \($0)" } + (gateNotes + notes).map { "note: \($0)" }
        lines += GateText.lines(gates)
        lines.append("run \(prepared.run.metadata.runKey ?? "?") \(result == .inserted ? "stored" : "was already stored") in \(context.storeLocation.redactedStore)")
        lines.append("summary:   \(paths.summary)")
        lines.append("dashboard: \(paths.dashboard)")
        lines.append("report:    \(paths.report)")
        return Outcome(
            runKey: prepared.run.metadata.runKey ?? "", stored: result == .inserted, gates: gates,
            annotations: annotations, lines: lines, quietLines: GateText.lines(gates, failedOnly: true),
            timings: timer, dashboard: dashboard,
            retained: [prepared, insights, dashboardHTML, report, insightsDocument, summary, renderedTests])
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
