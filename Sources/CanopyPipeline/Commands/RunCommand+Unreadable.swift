import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyParsers
import CanopyRender

/// `canopy run` when some inputs cannot be read.
extension RunCommand {
    /// The run of the inputs, or of the stored shards (`--expect-shards`). When some cannot be read: with `--allow-partial` the run of those
    /// that can, marked partial (`RunMetadata.unreadInputs`), their errors said on standard
    /// error; else the outputs say so (`writeUnreadable`, the page linked at `dashboardPath`) and
    /// the inputs' errors are thrown.
    /// A merged run comes with the legs it was assembled from.
    func readableRun(dashboardPath: String) async throws -> (Run, legs: [StoredShard]?) {
        if context.options.expectedShards != nil {
            let merged = try await context.shards.mergedShards()
            return (merged.run, merged.legs)
        }
        var (run, unreadable) = try await context.reader.assembleReadable()
        guard !unreadable.isEmpty else { return (run, nil) }
        guard context.options.allowPartial else {
            await writeUnreadable(unreadable, readable: run, dashboardPath: dashboardPath)
            throw PipelineError.inputs(unreadable)
        }
        run.metadata.unreadInputs = unreadable.map(\.description)
        for error in unreadable { context.progress.log(error.description) }
        return (run, nil)
    }

    /// When inputs could not be read the run is neither stored nor gated (exit 2), but the
    /// summary, the comment, the page, the Slack message and the step summary are still written: first, in red,
    /// which inputs could not be read and why, then what the readable ones show, compared with
    /// history as `canopy check` compares a run (read only; without history when the store cannot
    /// be read, said on standard error). A file that cannot be written is said on standard error:
    /// the inputs' errors stay the command's.
    func writeUnreadable(_ errors: [ParserError], readable run: Run, dashboardPath: String) async {
        let context = context
        let prepared = await context.reader.analyse(run)
        var insights: HistoryInsights?
        do {
            insights = try await context.history.withStoreOrNone { store in
                try await context.historyJudge.insights(
                    for: prepared, store: store, stored: false,
                    chosenBaseline: try await context.historyJudge.chosenBaseline(in: store))
            }.0
        } catch {
            context.progress.log("note: history not read, the readable inputs are shown alone: \(error)")
        }
        let verdicts = context.runJudge.verdicts(
            of: JudgedRun(prepared), insights: insights, judgedAt: context.options.now)
        var input = DashboardInput(
            prepared: prepared, insights: insights, gates: nil, dashboardPath: dashboardPath,
            now: context.options.now)
        input.verdicts = verdicts
        var dashboard = DashboardBuilder(input: input).build()
        dashboard.unreadableInputs = errors.map(\.description)
        // Nothing was judged: whatever the readable inputs show, the headline is no verdict.
        dashboard.headline.status = .notJudged
        let markdown = Self.markdown(dashboard, judged: false, output: context.configuration.output)
        let paths = context.outputPaths
        do {
            let files = RunFiles(
                summary: markdown.summary, comment: markdown.comment,
                dashboard: HTMLDashboardRenderer().render(dashboard),
                slack: try JSONOutput.fileBytes(SlackRenderer.run(dashboard)))
            // Staged like a stored run's files: they are moved into `--out` together.
            var stage = try OutputStage(directory: paths.directory)
            defer { stage.discard() }
            try files.stage(into: &stage, paths: paths, mode: context.annotationMode)
            try stage.commit()
            try appendStepSummary(files)
        } catch {
            context.progress.log("\(error)")
        }
    }
}
