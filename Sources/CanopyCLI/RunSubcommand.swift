import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// `canopy run`: the CI post-step in one call.
struct RunSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "Ingest a test run, store it, analyse it against history, write the summary and dashboard, and apply the gates.",
        usage: "canopy run [<options>] <paths> ...",
        discussion: """
              canopy run build/reports/ snapshots/ audits/     # in CI, after the tests
              canopy run --store "$CANOPY_STORE" --junit junit.xml --xcresult tests.json
              canopy run --store "$CANOPY_STORE" --run-key "$RUN" --expect-shards 4

            Writes summary.md, comment.md, site/index.html, report.json and insights.json
            to --out; on GitHub Actions also the step summary and ::error annotations.
            Exit 0: every gate passed; 1: a gate failed; 2: bad input or configuration.
            """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var metadata: MetadataOptions
    @OptionGroup var verbosity: VerbosityOptions

    @OptionGroup var comparison: ComparisonOptions
    @OptionGroup var sourceOptions: SourceOptions

    @Option(help: ArgumentHelp("Annotations for new failures (auto: GitHub's on GitHub Actions).", valueName: "mode"))
    var annotations: AnnotationMode = .automatic

    @Flag(help: "Store and judge what is readable (else: exit 2).")
    var allowPartial = false

    @Option(help: ArgumentHelp("Attachments to write.", valueName: "scope"))
    var attachments: AttachmentScope?

    @OptionGroup var shards: ShardOptions

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Files the change touches (default: git diff).",
            valueName: "file"))
    var changed: [String] = []

    @Option(
        help: ArgumentHelp(
            "Judge the --run-key run from N stored shards.",
            valueName: "n"))
    var expectShards: Int?

    func validate() throws {
        if let expectShards, !(1...1_000).contains(expectShards) {
            throw ValidationError("--expect-shards \(expectShards) is out of range: give 1 to 1000")
        }
        if expectShards == nil { try inputs.requireSome() }
        if expectShards != nil, !inputs.selection.isEmpty, shards.shard == nil {
            throw ValidationError(
                "--expect-shards with inputs needs --shard NAME: the inputs are stored as that shard before the merge")
        }
        if expectShards != nil, metadata.runKey == nil {
            throw ValidationError("--expect-shards needs --run-key: the key every shard was stored with")
        }
        if expectShards != nil, allowPartial {
            throw ValidationError("--expect-shards merges stored shards, each read whole: leave out --allow-partial")
        }
    }

    func run(in invocation: Invocation) async throws {
        var options = try RunOptions(
            inputs: inputs, store: storeOptions, metadata: metadata, verbosity: verbosity, invocation: invocation)
        try shards.apply(to: &options)
        options.expectedShards = expectShards
        if options.shard != nil, expectShards == nil {
            throw ValidationError(
                "`run --shard` stores a shard and merges the run: give --expect-shards N, or use `canopy ingest --shard`"
            )
        }
        comparison.apply(to: &options)
        options.source = sourceOptions.selection
        if !changed.isEmpty { options.changed = changed }
        options.annotations = annotations
        options.allowPartial = allowPartial
        options.attachments = attachments
        let outcome = try await RunCommand(options: options).run()
        if verbosity.verbose { invocation.warn([outcome.timings.line]) }
        invocation.emit(outcome.annotations, asWorkflowCommands: true)
        invocation.emit(verbosity.quiet ? outcome.quietLines : outcome.lines)
        // Kept until the process exits, with the run and its files (see `Outcome.retained`).
        invocation.keep(outcome)
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}
