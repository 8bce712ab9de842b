import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// `canopy run`: the CI post-step in one call — ingest the inputs as one run, store it, analyse
/// it against history, write the summary, dashboard and report, annotate, and judge the gates.
package struct RunCommand: Sendable {
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

    /// The stages, each a value in and a value out, each run once: read and assemble
    /// (`readableRun`) → attach (`attach`) → choose the baseline (`CommandContext.chosenBaseline`)
    /// → analyse (`CommandContext.analyse`) → store (`store`) → compare with history
    /// (`CommandContext.insights`) → judge (`CommandContext.judge`) → build the dashboard
    /// (`buildDashboard`) → render (`markdown`, `HTMLDashboardRenderer`) → write (`write`) → say
    /// what was done (`outcome`). What runs beside what is decided here, with `async let`; the
    /// synchronous, CPU-bound work inside the stages (parsing, hashing, analysing, flakiness) runs
    /// on threads of its own (`DedicatedThread`), outside the cooperative pool.
    ///
    /// A merge (`--expect-shards`) whose legs change between its read and its store's transaction
    /// (a leg sent again meanwhile) stores nothing and starts again from the read, up to
    /// `mergeAttempts` times; once its files are written, it deletes the legs.
    package func run() async throws -> Outcome {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await runOnce()
            } catch let conflict as ShardMergeConflict {
                let legs = conflict.legs.joined(separator: ", ")
                guard attempt < Self.mergeAttempts else {
                    throw PipelineError.usage(
                        "the shards of run \(conflict.runKey) changed while they were merged, \(attempt) times "
                            + "(last: \(legs)): nothing stored; run the merge job again once every leg is sent")
                }
                context.progress.log(
                    "note: shard(s) \(legs) of run \(conflict.runKey) were sent while merging: merging again")
            }
        }
    }

    /// How many times a merge reads its legs before it gives up while they keep changing.
    static let mergeAttempts = 5

    private func runOnce() async throws -> Outcome {
        let context = context
        let paths = context.outputPaths
        let mode = context.annotationMode
        var timer = StepTimer()
        // Whatever would fail after the run is stored is checked first: the output directory, the
        // dashboard's URL, and the `--baseline` run (below, once the store is open).
        try ArtifactWriter.prepare(files: RunFile.written(in: mode).map(paths.path(of:)))
        let dashboardPath = try context.dashboardURL() ?? paths.dashboard
        // The files are written into a staging directory and moved into place together, after the
        // store: `--out` holds the previous run's set or this one's, never a mix (OutputStage).
        var stage = try OutputStage(directory: paths.directory)
        defer { stage.discard() }
        // The app's sources are indexed beside the parsing; a bad source stops the run before
        // anything is stored.
        async let indexed = context.sources.catalog()
        let (assembled, legs) = try await readableRun(dashboardPath: dashboardPath)
        timer.lap("parse")
        let catalog = try await indexed
        if catalog != nil { timer.lap("source") }
        let (run, attachedAny) = try attach(assembled, into: &stage, paths: paths)
        if attachedAny { timer.lap("attachments") }
        // On a terminal the bar stood full through the rest of a large run: say what comes next.
        if context.progress.drawsBar {
            context.progress.log("analysing \(run.tests.count) tests, storing the run and reading history …")
        }
        let store = try await context.history.openStore()
        let chosenBaseline: StoredRun?
        do { chosenBaseline = try await context.historyJudge.chosenBaseline(in: store) } catch {
            await store.close()
            throw error
        }
        // The store writes the run's own rows (the run, its attempts, its audit issues) while the
        // run is analysed, in the transaction `finish` commits, which adds the tests and the
        // analysis.
        let pending = store.beginStore(run, merging: legs)
        let prepared = await context.reader.analyse(run)
        timer.lap("analyse")
        // report.json and the dashboard's parts drawn from the run alone (the bulk of the page for
        // a large run) are made while the run is stored and history read.
        async let reportJSON = JSONOutput.fileBytes(prepared.report)
        async let testsPart = Self.testsPart(prepared)
        let ((result, insights, untested, storeTimer), closing) = try await context.history.withStoreClosingLater(store)
        {
            store in
            var storeTimer = StepTimer()
            let result = try await Self.store(prepared, pending: pending, context: context, store: store)
            storeTimer.lap("store")
            // History is read once the run is in it: the window the run's readers will see.
            let insights = try await context.historyJudge.insights(
                for: prepared, store: store, stored: true, chosenBaseline: chosenBaseline, sourceIndex: catalog?.index)
            let untested = try await SourceView.untestedIdentifiers(
                catalog: catalog, window: context.historyJudge.flakinessWindow(for: prepared), store: store)
            storeTimer.lap("history")
            if let line = PruneCommand.line(for: await context.retention.apply(in: store)) {
                context.progress.log(line)
            }
            return (result, insights, untested, storeTimer)
        }
        timer.lap("store+history")
        timer.append(storeTimer)

        let judged = context.runJudge.judge(
            prepared, insights: insights, now: context.options.now, testExitCode: context.options.testExitCode)
        // The insights document encodes beside the dashboard.
        async let insightsJSON = JSONOutput.fileBytes(
            RunInsightsDocument(
                runKey: prepared.run.metadata.runKey ?? "", insights: insights, gates: judged.gates,
                verdicts: judged.verdicts))
        let (parts, renderedTests) = await testsPart
        // The checkout's source files, found once for the links and the annotations.
        let sourcePaths = SourcePathResolver(
            root: SourcePathResolver.checkout(context.ci, home: context.options.environment["HOME"]))
        let dashboard = buildDashboard(
            prepared, parts: parts, insights: insights, judged: judged, dashboardPath: dashboardPath,
            sourcePaths: sourcePaths, catalog: catalog, untested: untested)
        timer.lap("gates+dashboard")
        // The HTML renders beside the Markdown (the step summary and the comment, one rendering).
        async let html = HTMLDashboardRenderer().render(dashboard, tests: renderedTests)
        let markdown = Self.markdown(dashboard, judged: true, output: context.configuration.output)
        let files = RunFiles(
            summary: markdown.summary, comment: markdown.comment, dashboard: await html,
            slack: try JSONOutput.fileBytes(SlackRenderer.run(dashboard)), report: try await reportJSON,
            insights: try await insightsJSON)
        timer.lap("render")
        // The store's close (SQLite's checkpoint) ran beside the rendering; files are written once
        // it is done, so nothing is written for a run whose store did not close.
        await closing.value
        timer.lap("close")
        try write(
            files, prepared: prepared, judged: judged, mode: mode, sourcePaths: sourcePaths, paths: paths, into: &stage)
        timer.lap("write")
        // The legs were kept so that a merge run again after the commit could assemble the run;
        // they are in the stored run and its files are written.
        if legs != nil, let key = prepared.run.metadata.runKey { await context.shards.deleteShards(of: key) }
        var outcome = outcome(
            prepared, result: result, insights: insights, judged: judged, files: files, dashboard: dashboard,
            mode: mode,
            sourcePaths: sourcePaths, paths: paths, timings: timer)
        outcome.retained.append(renderedTests)
        return outcome
    }
}
