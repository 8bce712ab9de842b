import ArgumentParser
import CanopyPipeline
import Foundation

extension QuarantineSubcommand {
    struct Suggest: InvokedCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print the quarantine entries quarantinePolicy: calls for, with the evidence; --write applies them.",
            usage: "canopy quarantine suggest [--write] [--branch <branch>] [<options>]",
            discussion: """
                  canopy quarantine suggest --branch main
                  canopy quarantine suggest --branch main --write

                Flaky tests over the policy's thresholds are proposed for quarantine, and
                entries whose tests passed their latest runs for lifting. --write edits
                canopy.yml in place (comments and order kept); review it as a pull request.
                """)

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "Only runs on this branch.")
        var branch: String?

        @Flag(help: "Apply the suggestions to the configuration file.")
        var write = false

        func run(in invocation: Invocation) async throws {
            let command = try QuarantineSuggestCommand(
                options: HistoryOptions(store: storeOptions, invocation: invocation), branch: branch)
            let suggestions = try await command.suggestions()
            invocation.emit(QuarantineSuggestCommand.lines(suggestions))
            if write { invocation.emit(try command.write(suggestions)) }
        }
    }
}
