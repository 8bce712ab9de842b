import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// The stages of `canopy run` between reading the inputs and saying what was done, in the order
/// `run` calls them.
extension RunCommand {
    /// Screenshots and other attachments (`--attachments`), staged beside the page; a damaged
    /// payload stops the run here, before anything is stored. The run with its attachments'
    /// paths, and whether any was written.
    func attach(_ assembled: Run, into stage: inout OutputStage, paths: OutputPaths) throws -> (Run, Bool) {
        var run = assembled
        let attached = try AttachmentWriter(limits: context.configuration.attachments, siteDirectory: paths.site).write(
            &run
        ) {
            try stage.write($0, to: $1)
        }
        for note in attached.notes { context.progress.log(note.text) }
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
        if result == .alreadyStored {
            try await prepared.requireStored(in: store, storeLocation: context.storeLocation)
        }
        return result
    }

    /// The dashboard's sections drawn from the run alone, and the HTML page's part drawn from
    /// its test rows.
    static func testsPart(_ prepared: PreparedRun) -> (DashboardBuilder.RunParts, HTMLDashboardRenderer.TestsPart) {
        let parts = DashboardBuilder.runParts(of: prepared)
        return (parts, HTMLDashboardRenderer().renderTests(parts.tests))
    }

    /// What the page, the summary and the comment are drawn from.
    func buildDashboard(
        _ prepared: PreparedRun, parts: DashboardBuilder.RunParts, insights: HistoryInsights, judged: Judgement,
        dashboardPath: String,
        sourcePaths: SourcePathResolver, catalog: SourceCatalog?, untested: [DashboardUntestedScreen]
    ) -> Dashboard {
        var input = DashboardInput(
            prepared: prepared, parts: parts, insights: insights, gates: judged.gates, dashboardPath: dashboardPath,
            now: context.options.now)
        input.verdicts = judged.verdicts
        input.sourceLinks = SourceLinks(ci: context.ci, commit: prepared.run.metadata.commit, paths: sourcePaths)
        input.source = catalog
        input.untested = untested
        input.sourceDirectory = context.sources.directory
        if !judged.verdicts.newFailures.isEmpty {
            input.changedFiles = context.sources.changedFiles(of: prepared.run.metadata)
        }
        return DashboardBuilder(input: input).build()
    }

    /// Stages the files and moves them into `--out` together (with GitLab's code-quality report
    /// in `.gitlab` mode). The run is stored by now: a failure says so.
    func write(
        _ files: RunFiles, prepared: PreparedRun, judged: Judgement, mode: AnnotationMode,
        sourcePaths: SourcePathResolver,
        paths: OutputPaths, into stage: inout OutputStage
    ) throws {
        let limit = context.configuration.output.annotations
        do {
            var files = files
            if mode == .gitlab {
                let candidates = Annotations.candidates(prepared, newFailures: judged.newFailures, limit: limit)
                files.codeQuality = try Annotations.gitlab(candidates, limit: limit, paths: sourcePaths)
            }
            try files.stage(into: &stage, paths: paths, mode: mode)
            try stage.commit()
        } catch {
            throw PipelineError.outputsAfterStore(
                "\(error)", runKey: prepared.run.metadata.runKey ?? "?", store: context.storeLocation.redactedStore,
                directory: paths.directory)
        }
    }
}
