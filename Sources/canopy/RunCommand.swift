import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// `canopy run`: the CI post-step in one call.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Ingest a test run, store it, analyse it against history, write the summary and dashboard, and apply the gates.",
        usage: "canopy run [<options>] <paths> ...",
        discussion: """
              canopy run build/reports/ snapshots/ audits/     # in CI, after the tests
              canopy run --store "$CANOPY_STORE" --junit junit.xml --xcresult tests.json

            Writes summary.md, comment.md, site/index.html, report.json and insights.json
            to --out; on GitHub Actions also the step summary and ::error annotations.
            Exit 0: every gate passed; 1: a gate failed; 2: bad input or configuration.
            """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var metadata: MetadataOptions
    @OptionGroup var verbosity: VerbosityOptions

    @OptionGroup var comparison: ComparisonOptions

    @Option(help: ArgumentHelp("Annotations for new failures (auto: GitHub's on GitHub Actions).", valueName: "mode"))
    var annotations: AnnotationMode = .automatic

    @Flag(help: "Store and judge the readable inputs when some cannot be read, marked partial (else: exit 2).")
    var allowPartial = false

    @Option(help: ArgumentHelp("Attachments to write.", valueName: "scope"))
    var attachments: AttachmentScope?

    func run() async throws {
        var options = try RunOptions(inputs: inputs, store: storeOptions, metadata: metadata, verbosity: verbosity)
        comparison.apply(to: &options)
        options.annotations = annotations
        options.allowPartial = allowPartial
        options.attachments = attachments
        let outcome = try await CIPostStep(options: options).run()
        if verbosity.verbose { warn([outcome.timings.line]) }
        emit(outcome.annotations, asWorkflowCommands: true)
        emit(verbosity.quiet ? outcome.quietLines : outcome.lines)
        // Exit while the run and its files are still referenced (see `Outcome.retained`).
        withExtendedLifetime(outcome) { Foundation.exit(outcome.exitCode) }
    }
}

/// `canopy ingest`: parse and store a run.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Parse the inputs as one run and store it in history (idempotent: the same run twice is one run).",
        usage: "canopy ingest [<options>] <paths> ...",
        discussion: """
              canopy ingest --branch main build/reports/     # nightly, before trend
              canopy ingest --store postgres://ci@db/canopy --run-key nightly-2026-11-22 \\
                build/reports/
            """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var metadata: MetadataOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        let options = try RunOptions(inputs: inputs, store: storeOptions, metadata: metadata, verbosity: verbosity)
        let result = try await Ingestion(options: options).run()
        if !verbosity.quiet {
            emit(["\(result.inserted ? "stored" : "already stored, unchanged:") run \(result.runKey) (\(result.tests) tests)"])
        }
    }
}

/// `canopy check`: evaluate the gates only.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Evaluate the gates for the inputs against history without storing anything.",
        usage: "canopy check [<options>] <paths> ...",
        discussion: """
              canopy check build/reports/ snapshots/
              canopy check --config Config/canopy.yml --branch main build/reports/

            Exit 0: every gate passed; 1: a gate failed; 2: bad input or configuration.
            """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var metadata: MetadataOptions
    @OptionGroup var verbosity: VerbosityOptions

    @OptionGroup var comparison: ComparisonOptions

    func run() async throws {
        var options = try RunOptions(inputs: inputs, store: storeOptions, metadata: metadata, verbosity: verbosity)
        comparison.apply(to: &options)
        let result = try await GateCheck(options: options).run()
        emit(verbosity.quiet ? result.quietLines : result.lines)
        throw ExitCode(result.gates.contains { !$0.passed } ? 1 : 0)
    }
}

/// `canopy report`: render the dashboard for a stored run.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render the dashboard of a stored run (default: the latest) from history.",
        usage: "canopy report [--run <key>] [--baseline <key>] [--list] [<options>]",
        discussion: """
              canopy report                 # the latest run
              canopy report --list          # the 50 newest stored runs (--limit N for more)
              canopy report --run nightly-2026-11-21
              canopy report --run nightly-2026-11-21 --baseline nightly-2026-11-14
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .customLong("run"), help: "The key of the stored run.")
    var runKey: String?

    @Option(help: "Compare with this stored run instead of the run before it on its branch (not of its own commit).")
    var baseline: String?

    @Flag(help: "List the stored runs instead, newest first (the newest --limit).")
    var list = false

    @Option(help: "How many runs --list shows.")
    var limit = 50

    @Flag(name: .shortAndLong, help: "Print nothing but errors (the list still prints with --list).")
    var quiet = false

    func validate() throws {
        if list, runKey != nil || baseline != nil { throw ValidationError("--list lists the stored runs; it takes no --run or --baseline") }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        var options = HistoryOptions(store: storeOptions)
        options.baseline = baseline
        let report = try StoredRunReport(options: options)
        if list { return emit(try await report.list(limit: limit)) }
        let lines = try await report.run(key: runKey)
        if !quiet { emit(lines) }
    }
}

/// `canopy trend`: the nightly trend report.
struct TrendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract: "Render the trend dashboard over a window of runs: pass rate, flaky tests, causes, coverage, audits, duration.",
        usage: "canopy trend [--days <n> | --runs <n>] [--branch <branch>] [<options>]",
        discussion: """
              canopy trend --days 30 --branch main          # the nightly report
              canopy trend --runs 14

            Writes <out>/trend/index.html and <out>/trend/summary.md.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "Runs from the last N days.")
    var days: Int?

    @Option(help: "The last N runs (default 30 when --days is not given).")
    var runs: Int?

    @Option(help: "Only runs on this branch.")
    var branch: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let days, days < 1 { throw ValidationError("--days must be at least 1") }
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
    }

    func run() async throws {
        let lines = try await TrendReport(options: HistoryOptions(store: storeOptions)).run(days: days, runs: runs, branch: branch)
        if !quiet { emit(lines) }
    }
}
