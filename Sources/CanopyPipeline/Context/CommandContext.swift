import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation

/// The steps every command shares, in the order data flows: read → assemble → analyse → store →
/// compare with history. Each step takes values and returns values; only `openStore` and the
/// insight queries touch the database.
package struct CommandContext: Sendable {
    package let options: RunOptions
    package let configuration: CanopyConfiguration
    package let ci: CIEnvironment
    package let progress: Progress
    /// Where the command's files go under `--out`.
    let outputPaths: OutputPaths

    package init(options: RunOptions) throws {
        self.options = options
        do {
            configuration = try ConfigurationLoader.load(explicit: options.configPath, environment: options.environment)
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        }
        ci = CIEnvironment.detect(options.environment)
        progress = Progress.automatic(quiet: options.quiet, console: options.console)
        outputPaths = OutputPaths(directory: options.outputDirectory)
    }

    /// `--annotations`, with `automatic` resolved: GitHub's workflow commands on GitHub Actions,
    /// none elsewhere.
    var annotationMode: AnnotationMode {
        options.annotations == .automatic ? (ci.provider == "github" ? .github : .none) : options.annotations
    }

    /// Where history lives, by precedence: `--store`, `CANOPY_STORE`, `store:` in the config, default.
    package var storeLocation: String {
        if let store = options.store, !store.isEmpty { return store }
        if let store = options.environment["CANOPY_STORE"], !store.isEmpty { return store }
        if let store = configuration.store, !store.isEmpty { return store }
        return (options.outputDirectory as NSString).appendingPathComponent("history.sqlite")
    }

    /// Whose attachments are read and written: `--attachments`, else `attachments.scope`.
    package var attachmentScope: AttachmentScope { options.attachments ?? configuration.attachments.scope }

    /// Where the page is published, for the summary's links to it and its screenshots:
    /// `CANOPY_DASHBOARD_URL`, else `output.dashboardURL`; nil when neither is given (the summary
    /// then points at the CI build, whose artifacts hold the page).
    /// - Throws: `PipelineError.usage` when the variable is not an http(s) URL.
    package func dashboardURL() throws -> String? {
        guard let given = options.environment["CANOPY_DASHBOARD_URL"], !given.isEmpty else {
            return configuration.output.dashboardURL
        }
        guard let url = SafeHTTPURL.validated(given) else {
            throw PipelineError.usage(
                "CANOPY_DASHBOARD_URL must be the http(s) URL where site/index.html is published, not '\(given)'")
        }
        return url
    }

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
        guard !options.inputs.isEmpty else {
            throw PipelineError.usage(
                "give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)")
        }
        let reader = InputReader(registry: ParserRegistry(attachments: attachmentScope))
        let found = try reader.find(options.inputs, outputs: outputPaths.documents)
        let (progress, givenKey) = (progress, options.metadata.runKey)
        async let digests = DedicatedThread.run("hash") { RunIdentity.digests(of: found.paths, unless: givenKey) }
        let reading = try await DedicatedThread.run("parse") { try reader.parse(found, progress: progress) }
        for note in reading.skipNotes { progress.log(note) }
        return (reading.parsed, reading.errors, await digests)
    }

    /// Assembles the run of `parsed` (`RunAssembler`) with the command's metadata (the command
    /// line's, the CI's, the checkout's) and its key.
    func assemble(_ parsed: [ParsedInput], digests: [String: String]) throws -> Run {
        var metadata = options.metadata.merging(ci.metadata)
        // The checkout's git says what the CI did not (a Jenkins pipeline sets no GIT_COMMIT).
        if metadata.commit == nil || metadata.branch == nil && metadata.pullRequest == nil && ci.provider == nil {
            metadata = metadata.merging(LocalGit.metadata(environment: options.environment))
        }
        // Stored with the run, so `canopy report` compares it with the branch `run` did.
        metadata.baseBranch = targetBranch
        var run = RunAssembler.assemble(parsed, metadata: metadata, attachments: attachmentScope)
        reportDiagnostics(of: run)
        if run.metadata.startedAt == nil { run.metadata.startedAt = options.now }
        if run.metadata.ciProvider == nil { run.metadata.ciProvider = ci.provider ?? "local" }
        run.metadata.runKey = try RunIdentity.key(
            ci: ci, inputPaths: run.inputs.map(\.path), explicit: options.metadata.runKey, digests: digests)
        return run
    }

    /// Input warnings shown at most, on standard error; `canopy inspect FILE` lists them all.
    static let shownDiagnostics = 20

    /// Prints what the parsers noticed in the inputs as compilers do (`file:line: warning: …`) on
    /// standard error: warnings always, notes with `--verbose`, nothing with `--quiet`.
    private func reportDiagnostics(of run: Run) {
        let shown = run.diagnostics.filter { $0.severity >= .warning || options.verbose }
        for diagnostic in shown.prefix(Self.shownDiagnostics) { progress.log(diagnostic.description) }
        if shown.count > Self.shownDiagnostics {
            progress.log(ProgressWords.moreDiagnostics(shown.count - Self.shownDiagnostics))
        }
    }

    /// Analyses `run`; its test rows are made beside the analysis, which does not need them until
    /// infrastructure attempts are counted: each on a thread of its own (`DedicatedThread`), the
    /// analysis on every core (`ParallelMap`).
    func analyse(_ run: Run) async -> PreparedRun {
        let analysis = configuration.analysis
        async let rows = DedicatedThread.run("test-rows") { TestRunRow.rows(for: run) }
        let report = await DedicatedThread.run("analyse") { ReportBuilder.build(run: run, configuration: analysis) }
        let digest = report.digest
        return PreparedRun(
            run: run, report: report, digest: digest,
            testRows: TestRunRow.countingInfrastructure(await rows, run: run, digest: digest))
    }

    /// Where the command's history is opened (`storeLocation`), and how.
    package var history: HistoryAccess { HistoryAccess(location: storeLocation) }

    /// The branch whose runs are the baseline of a pull or merge request's runs: `--base-branch`,
    /// else the request's target branch as the CI names it.
    var targetBranch: String? { options.baseBranch ?? ci.baseBranch }

    /// The command's judge of a run against history, from its settings.
    package var historyJudge: HistoryJudge {
        HistoryJudge(
            configuration: configuration, now: options.now, baselineKey: options.baseline, targetBranch: targetBranch)
    }
}
