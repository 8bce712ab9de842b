import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy ingest`: parse and store a run.
struct IngestSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Parse the inputs as one run and store it in history (idempotent: the same run twice is one run).",
        usage: "canopy ingest [<options>] <paths> ...",
        discussion: """
              canopy ingest --branch main build/reports/     # nightly, before trend
              canopy ingest --store postgres://ci@db/canopy --run-key nightly-2026-11-22 \\
                build/reports/
              canopy ingest --run-key "$RUN" --shard ipad --destination "iPad Air" junit.xml
            """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var metadata: MetadataOptions
    @OptionGroup var verbosity: VerbosityOptions
    @OptionGroup var shards: ShardOptions

    func validate() throws { try inputs.requireSome() }

    func run(in invocation: Invocation) async throws {
        var options = try RunOptions(
            inputs: inputs, store: storeOptions, metadata: metadata, verbosity: verbosity, invocation: invocation)
        try shards.apply(to: &options)
        if options.shard != nil {
            let lines = try await IngestCommand(options: options).storeShard()
            if !verbosity.quiet { invocation.emit(lines) }
            return
        }
        let result = try await IngestCommand(options: options).run()
        if !verbosity.quiet {
            invocation.emit([
                "\(result.inserted ? "stored" : "already stored, unchanged:") run \(result.runKey) (\(result.tests) tests)"
            ])
        }
    }
}
