import ArgumentParser
import CanopyPipeline

/// `canopy index-source DIR`: print the identifiers declared in the Swift sources under DIR.
struct IndexSourceSubcommand: InvokedCommand {
    static let configuration = CommandConfiguration(
        commandName: "index-source",
        abstract: "Print the accessibility identifiers declared in Swift sources, with file, line, type and owners.",
        usage: "canopy index-source [<options>] <directory>",
        discussion: """
              canopy index-source .
              canopy index-source --format json MyApp/ > source-index.json

            Reads every .swift file under the directory (hidden directories, Pods,
            Carthage, DerivedData and build skipped) with SwiftSyntax: identifiers
            assigned or passed to accessibilityIdentifier (literals, constants,
            composed templates such as Podcast-{id}-row, reflection <Type>.<field>),
            locator enums and queries in UI tests. Owners come from the directory's
            CODEOWNERS (.github/, root, docs/, .gitlab/). Expressions that cannot be
            resolved are listed as unresolved, never guessed. See docs/source-index.md.
            """
    )

    @Argument(help: "The directory holding the app's and UI tests' sources.", completion: .directory)
    var directory: String

    @Option(help: "Output format: text or json (default text).")
    var format: IndexSourceCommand.Format = .text

    func run(in invocation: Invocation) async throws {
        let output = try IndexSourceCommand().run(directory: directory, format: format) {
            invocation.console.error($0 + "\n")
        }
        invocation.output(output)
    }
}
