import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy check`: evaluate the gates only.
struct CheckSubcommand: InvokedCommand {
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
    @OptionGroup var sourceOptions: SourceOptions

    func validate() throws { try inputs.requireSome() }

    func run(in invocation: Invocation) async throws {
        var options = try RunOptions(
            inputs: inputs, store: storeOptions, metadata: metadata, verbosity: verbosity, invocation: invocation)
        comparison.apply(to: &options)
        options.source = sourceOptions.selection
        let result = try await CheckCommand(options: options).run()
        invocation.emit(verbosity.quiet ? result.quietLines : result.lines)
        throw ExitCode(result.gates.contains { !$0.passed } ? 1 : 0)
    }
}
