import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy prune`: applies `history.retention` to the store.
struct PruneSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete the stored runs history.retention no longer keeps; --dry-run lists them.",
        usage: "canopy prune [--dry-run] [--format text|json] [<options>]",
        discussion: """
              canopy prune --dry-run                     # what would go, nothing deleted
              canopy prune --store Reports/history.sqlite

            Runs of the target branch are kept history.retention.days (365), runs
            of other branches pullRequestDays (30). Never pruned: each branch's
            baseline, the trend's runs and the flakiness window's runs.
            run and ingest prune so after storing when history.retention is set.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "List what would be deleted; delete nothing.")
    var dryRun = false

    @Option(help: "Output format: text or json (default text).")
    var format: PruneCommand.Format = .text

    func run(in invocation: Invocation) async throws {
        let output = try await PruneCommand(options: HistoryOptions(store: storeOptions, invocation: invocation)).run(
            dryRun: dryRun, format: format)
        if format == .json {
            invocation.output(output)
        } else {
            invocation.emit(output.split(separator: "\n").map(String.init))
        }
    }
}
