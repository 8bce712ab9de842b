import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation

/// Reads a run from its inputs: parse (all or nothing) → assemble with its metadata and key →
/// analyse. A value of what it reads and with which settings (`CommandContext.reader`); it
/// touches no store.
package struct RunReader: Sendable {
    /// The files and directories to read.
    var inputs: InputSelection
    /// Whose attachments are read (`--attachments`, else `attachments.scope`).
    var attachmentScope: AttachmentScope
    /// The command's own output documents, skipped when an input directory holds them.
    var outputDocuments: [String]
    /// The command line's metadata (`--branch`, `--commit`, `--run-key`, …).
    var metadata: RunMetadata
    var ci: CIEnvironment
    /// The environment the checkout's git is asked in (`LocalGit`).
    var environment: [String: String]
    /// The run's start when its inputs give none.
    var now: Date
    /// The branch a request targets, stored with the run (`CommandContext.targetBranch`).
    var targetBranch: String?
    var analysis: AnalysisConfiguration
    /// Input notes are shown too, not only warnings.
    var verbose: Bool
    var progress: Progress

    /// Parses the inputs (all or nothing), assembles the run with its metadata and key, analyses it.
    package func prepare() async throws -> PreparedRun {
        await analyse(try await assemble())
    }

    /// Parses the inputs (all or nothing) and assembles the run with its metadata and key.
    package func assemble() async throws -> Run {
        let (run, unreadable) = try await assembleReadable()
        if !unreadable.isEmpty { throw PipelineError.inputs(unreadable) }
        return run
    }

    /// Parses the inputs and assembles the run of those that could be read, with its metadata and
    /// key, beside the errors of those that could not (a run that must not be stored when any).
    /// The files are parsed, and hashed for the run's key, beside each other, each on a thread of
    /// its own (`DedicatedThread`).
    package func assembleReadable() async throws -> (run: Run, unreadable: [ParserError]) {
        let (parsed, unreadable, digests) = try await readInputs()
        return (try assemble(parsed, digests: digests), unreadable)
    }

    /// Parses the inputs, and hashes them for the run's key (`RunIdentity.digests`) beside.
    func readInputs() async throws -> (parsed: [ParsedInput], unreadable: [ParserError], digests: [String: String]) {
        guard !inputs.isEmpty else {
            throw PipelineError.usage(
                "give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)")
        }
        let reader = InputReader(registry: ParserRegistry(attachments: attachmentScope))
        let found = try reader.find(inputs, outputs: outputDocuments)
        let (progress, givenKey) = (progress, metadata.runKey)
        async let digests = DedicatedThread.run("hash") { RunIdentity.digests(of: found.paths, unless: givenKey) }
        let reading = try await DedicatedThread.run("parse") { try reader.parse(found, progress: progress) }
        for note in reading.skipNotes { progress.log(note) }
        return (reading.parsed, reading.errors, await digests)
    }

    /// Assembles the run of `parsed` (`RunAssembler`) with the command's metadata (the command
    /// line's, the CI's, the checkout's) and its key.
    func assemble(_ parsed: [ParsedInput], digests: [String: String]) throws -> Run {
        var metadata = metadata.merging(ci.metadata)
        // The checkout's git says what the CI did not (a Jenkins pipeline sets no GIT_COMMIT).
        if metadata.commit == nil || metadata.branch == nil && metadata.pullRequest == nil && ci.provider == nil {
            metadata = metadata.merging(LocalGit.metadata(environment: environment))
        }
        // Stored with the run, so `canopy report` compares it with the branch `run` did.
        metadata.baseBranch = targetBranch
        var run = RunAssembler.assemble(parsed, metadata: metadata, attachments: attachmentScope)
        reportDiagnostics(of: run)
        if run.metadata.startedAt == nil { run.metadata.startedAt = now }
        if run.metadata.ciProvider == nil { run.metadata.ciProvider = ci.provider ?? "local" }
        run.metadata.runKey = try RunIdentity.key(
            ci: ci, inputPaths: run.inputs.map(\.path), explicit: self.metadata.runKey, digests: digests)
        return run
    }

    /// Input warnings shown at most, on standard error; `canopy inspect FILE` lists them all.
    static let shownDiagnostics = 20

    /// Prints what the parsers noticed in the inputs as compilers do (`file:line: warning: …`) on
    /// standard error: warnings always, notes with `--verbose`, nothing with `--quiet`.
    private func reportDiagnostics(of run: Run) {
        let shown = run.diagnostics.filter { $0.severity >= .warning || verbose }
        for diagnostic in shown.prefix(Self.shownDiagnostics) { progress.log(diagnostic.description) }
        if shown.count > Self.shownDiagnostics {
            progress.log(ProgressWords.moreDiagnostics(shown.count - Self.shownDiagnostics))
        }
    }

    /// Analyses `run`; its test rows are made beside the analysis, which does not need them until
    /// infrastructure attempts are counted: each on a thread of its own (`DedicatedThread`), the
    /// analysis on every core (`ParallelMap`).
    func analyse(_ run: Run) async -> PreparedRun {
        let analysis = analysis
        async let rows = DedicatedThread.run("test-rows") { TestRunRow.rows(for: run) }
        let report = await DedicatedThread.run("analyse") { ReportBuilder.build(run: run, configuration: analysis) }
        let digest = report.digest
        return PreparedRun(
            run: run, report: report, digest: digest,
            testRows: TestRunRow.countingInfrastructure(await rows, run: run, digest: digest))
    }
}
