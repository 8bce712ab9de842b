import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy report`: render the dashboard for a stored run.
struct ReportSubcommand: InvokedCommand {
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
    @OptionGroup var sourceOptions: SourceOptions

    @Option(help: ArgumentHelp("Only the tests and failures this CODEOWNERS owner owns.", valueName: "owner"))
    var owner: String?

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
        if list, runKey != nil || baseline != nil {
            throw ValidationError("--list lists the stored runs; it takes no --run or --baseline")
        }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run(in invocation: Invocation) async throws {
        var options = HistoryOptions(store: storeOptions, invocation: invocation)
        options.baseline = baseline
        options.source = sourceOptions.selection
        options.owner = owner
        let report = try ReportCommand(options: options)
        if list { return invocation.emit(try await report.list(limit: limit)) }
        let lines = try await report.run(key: runKey)
        if !quiet { invocation.emit(lines) }
    }
}
