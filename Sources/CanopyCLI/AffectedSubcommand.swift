import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy affected`: the UI tests a change can affect, or "run everything" and why.
struct AffectedSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "List the UI tests a change can affect, from the identifiers the changed files declare.",
        usage: "canopy affected (--changed <file> … | --base <ref>) [<options>]",
        discussion: """
              canopy affected --base origin/main
              canopy affected --changed App/Checkout/CheckoutView.swift --format json
              xcodebuild test … $(canopy affected --base origin/main --format xcodebuild)

            Selects the tests whose history touched an identifier the changed files
            declare (with --base, also what they declared at REF, so a renamed or
            removed identifier still selects its tests), and the tests whose queries
            name one. Prints "run everything: <why>" (and nothing with --format
            xcodebuild, so xcodebuild runs all) when a changed file declares no
            identifier, a query's test is not in history, a changed file is gone
            without --base, or the store holds no runs. See docs/source-index.md.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var sourceOptions: SourceOptions

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Changed files, relative to the source directory.", valueName: "file"))
    var changed: [String] = []

    @Option(help: ArgumentHelp("Compare the working tree with this git revision.", valueName: "ref"))
    var base: String?

    @Option(help: "Output format: text, json or xcodebuild (default text).")
    var format: AffectedCommand.Format = .text

    func validate() throws {
        if changed.isEmpty && base == nil { throw ValidationError("pass --changed FILE… or --base REF") }
        if sourceOptions.noSource { throw ValidationError("affected reads the sources: --no-source is not allowed") }
    }

    func run(in invocation: Invocation) async throws {
        var options = HistoryOptions(store: storeOptions, invocation: invocation)
        options.source = sourceOptions.selection
        invocation.output(
            try await AffectedCommand(options: options).run(changed: changed, base: base, format: format))
    }
}
