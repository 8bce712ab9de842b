import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy trend`: the nightly trend report.
struct TrendSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract:
            "Render the trend dashboard over a window of runs: pass rate, flaky tests, causes, coverage, audits, duration.",
        usage: "canopy trend [--days <n> | --runs <n>] [--branch <branch>] [<options>]",
        discussion: """
              canopy trend --days 30 --branch main          # the nightly report
              canopy trend --runs 14

            Writes <out>/trend/index.html and <out>/trend/summary.md.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var sourceOptions: SourceOptions

    @Option(help: ArgumentHelp("Only the tests and failures this CODEOWNERS owner owns.", valueName: "owner"))
    var owner: String?

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

    func run(in invocation: Invocation) async throws {
        var options = HistoryOptions(store: storeOptions, invocation: invocation)
        options.source = sourceOptions.selection
        options.owner = owner
        let lines = try await TrendCommand(options: options).run(
            days: days, runs: runs, branch: branch)
        if !quiet { invocation.emit(lines) }
    }
}
