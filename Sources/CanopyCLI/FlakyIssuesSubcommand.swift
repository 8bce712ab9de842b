import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy flaky-issues`: issue drafts for the flaky tests, to file with `gh` or `glab`.
struct FlakyIssuesSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "flaky-issues",
        abstract: "Print one issue draft per flaky test of the latest stored run, with a stable marker.",
        usage: "canopy flaky-issues [--format github|gitlab|json] [--branch <branch>] [--source <dir>] [<options>]",
        discussion: """
              canopy flaky-issues --format github --source . > issues.json

            Each draft has a title, a body (evidence, first flaky commit, last message,
            cost, owners), labels, assignees and a marker that stays the same on every
            run, so a script can update the issue that has it instead of opening another.
            Canopy opens no connection.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var sourceOptions: SourceOptions

    @Option(help: "Body markup: github, gitlab (with /label and /assign) or json (default github).")
    var format: FlakyIssuesCommand.Format = .github

    @Option(help: "The latest run on this branch instead of the latest run (as trend --branch).")
    var branch: String?

    func run(in invocation: Invocation) async throws {
        var options = HistoryOptions(store: storeOptions, invocation: invocation)
        options.source = sourceOptions.selection
        invocation.output(try await FlakyIssuesCommand(options: options).run(format: format, branch: branch))
    }
}
