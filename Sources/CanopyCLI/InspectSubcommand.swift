import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy inspect FILE…`: parse inputs and print what was understood.
struct InspectSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Parse report files and print what Canopy understood (tests, attempts, diagnostics).",
        usage: "canopy inspect [<options>] <paths> ...",
        discussion: """
              canopy inspect build/reports/junit.xml
              canopy inspect --summary --format json Reports/samples/
              canopy inspect --report junit.xml snapshots/ audits/   # canopy.report/3 JSON

            Formats are detected from content (or given with --junit, --xcresult,
            --snapshots, --audits). A directory means every *.xml, *.json and *.junit
            file in it.
            """
    )

    @OptionGroup var inputs: InputOptions

    @Option(
        help:
            "Configuration file for --report's analysis (default: CANOPY_CONFIG, then Config/canopy.yml when present).",
        completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Option(help: "Output format: text or json (default text; --report prints JSON only).")
    var format: InspectCommand.Format?

    @Flag(help: "Print only totals and diagnostics.")
    var summary = false

    @Flag(
        help:
            "Analyse the inputs as one run and print the canopy.report/3 JSON (identifier tree, coverage, failure causes, clusters)."
    )
    var report = false

    func validate() throws {
        try inputs.requireSome()
        if report, format == .text {
            throw ValidationError("--report prints the canopy.report/3 JSON; leave out --format text")
        }
        if report, summary {
            throw ValidationError(
                "--report prints the whole canopy.report/3 JSON; --summary is for the listing, leave one out")
        }
    }

    func run(in invocation: Invocation) async throws {
        let inspector = InspectCommand()
        let outcome =
            try report
            ? inspector.report(
                inputs.selection,
                configuration: InspectCommand.analysisConfiguration(
                    explicit: config, environment: invocation.environment))
            : inspector.inspect(inputs.selection, format: format ?? .text, summary: summary)
        // The analysis of part of the inputs would pass for the whole run: with --report, a broken
        // input prints no document (the listing names each file's error instead).
        if !(report && !outcome.errors.isEmpty) {
            // The listing's lines hold test names and messages: written as `emit` writes lines. JSON
            // is data, written as it is.
            let text =
                report || format == .json
                ? outcome.output
                : outcome.output.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).oneLine }
                    .joined(separator: "\n")
            invocation.output(text)
        }
        invocation.warn(outcome.notes)
        if !outcome.errors.isEmpty {
            throw PipelineError.inputs(outcome.errors)
        }
        // Kept until the process exits, so that its values are never freed one by one.
        invocation.keep(outcome)
    }
}
