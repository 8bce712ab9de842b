import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy quarantine add|remove|list`: quarantine entries of canopy.yml from the command line.
struct QuarantineSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quarantine",
        abstract: "Add quarantine entries to canopy.yml, remove them, or list them with their expiry and owner.",
        usage:
            "canopy quarantine add <test> --reason <why> --until <day> [<options>]\n  canopy quarantine remove <test>\n  canopy quarantine list\n  canopy quarantine suggest [--write]",
        discussion: """
              canopy quarantine add AppUITests.FeedTests/testPullToRefresh \\
                --reason "APP-1234: races the reload" --until 2026-12-31 --owner @feed
              canopy quarantine remove AppUITests.FeedTests/testPullToRefresh
              canopy quarantine list

            The entry is written into the quarantine: list of canopy.yml, keeping the
            file's comments and layout; the same test again updates its entry.
            """,
        subcommands: [Add.self, Remove.self, List.self, Suggest.self]
    )

    /// The file both subcommands read, as the other commands choose it.
    struct ConfigOption: ParsableArguments {
        @Option(
            help: "Configuration file (default: CANOPY_CONFIG, then Config/canopy.yml).",
            completion: .file(extensions: ["yml", "yaml"]))
        var config: String?

        func file(_ invocation: Invocation) -> (path: String, isDefault: Bool) {
            QuarantineCommand.file(explicit: config, environment: invocation.environment)
        }
    }

    struct Add: InvokedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Quarantine a test (or an identifier's audit issues) until a day.",
            usage: """
                canopy quarantine add <test> --reason <why> --until <day> [<options>]
                  canopy quarantine add --identifier <id> --reason <why> --until <day>
                """,
            discussion: """
                  canopy quarantine add AppUITests.FeedTests/testPullToRefresh \\
                    --reason "APP-1234: races the reload" --until 2026-12-31 --owner @feed
                  canopy quarantine add --identifier 'Podcast-{id}-row' --audit-type contrast \\
                    --reason "APP-99" --until 2026-12-31

                The test must be one the store holds results of (a * pattern must match
                one); otherwise it exits 2 with the nearest known names. --allow-unknown
                writes a test that has not run yet. A trailing () is dropped: keys are
                stored without it. The gates ignore the entry through the --until day
                (UTC); after it, run warns that it expired. Bad input exits 2 and leaves
                the file as it was.
                """)

        @Argument(help: "The test key (Class/name, as reports show it; * matches anything).")
        var test: String?

        @Option(help: "Quarantine the audit issues on this identifier or template instead.")
        var identifier: String?

        @Option(help: "Only the --identifier's audit issues of this type (contrast, …).")
        var auditType: String?

        @Option(help: "Why (a ticket, the known cause).")
        var reason: String

        @Option(help: "The last day the entry applies, YYYY-MM-DD (not in the past).")
        var until: String

        @Option(help: "Who looks after it: a user or team, starting with @.")
        var owner: String?

        @Flag(help: "Write a test no stored run has (one that has not run yet) without checking it.")
        var allowUnknown = false

        @Option(
            help:
                "SQLite path or postgres:// URL the test is checked against (default: CANOPY_STORE, config, <out>/history.sqlite).",
            completion: .file())
        var store: String?

        @Option(help: "Output directory whose history.sqlite is the default store.", completion: .directory)
        var out = "Reports"

        @OptionGroup var file: ConfigOption

        func run(in invocation: Invocation) async throws {
            let (path, isDefault) = file.file(invocation)
            let lines = try await QuarantineCommand().add(
                QuarantineCommand.Request(
                    test: test, identifier: identifier, auditType: auditType, reason: reason, until: until,
                    owner: owner),
                path: path, create: isDefault,
                lookup: QuarantineCommand.TestLookup(
                    store: store, out: out, environment: invocation.environment,
                    allowUnknown: allowUnknown))
            invocation.emit(lines)
        }
    }

    struct Remove: InvokedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take a test (or an identifier's audit issues) out of quarantine.",
            usage: """
                canopy quarantine remove <test> [--config <file>]
                  canopy quarantine remove --identifier <id> [--audit-type <type>]
                """,
            discussion: """
                  canopy quarantine remove AppUITests.FeedTests/testPullToRefresh

                Every entry for the test goes, its lines and nothing else. No entry for
                it exits 2 and leaves the file as it was.
                """)

        @Argument(help: "The test key, as the entry names it.")
        var test: String?

        @Option(help: "Remove the entry for this identifier or template instead.")
        var identifier: String?

        @Option(help: "The --identifier entry's audit type, when it names one.")
        var auditType: String?

        @OptionGroup var file: ConfigOption

        func run(in invocation: Invocation) async throws {
            let lines = try QuarantineCommand().remove(
                test: test, identifier: identifier, auditType: auditType, path: file.file(invocation).path)
            invocation.emit(lines)
        }
    }

    struct List: InvokedCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the quarantine entries: what, expiry, owner, where, why.",
            usage: "canopy quarantine list [--format text|json] [--config <file>]",
            discussion: """
                  canopy quarantine list
                  canopy quarantine list --format json

                An entry past its day says how many days ago it expired.
                """)

        @Option(help: "Output format: text or json (default text).")
        var format: QuarantineCommand.Format = .text

        @OptionGroup var file: ConfigOption

        func run(in invocation: Invocation) async throws {
            let output = try QuarantineCommand().list(
                explicit: file.config, environment: invocation.environment, format: format)
            if format == .json {
                invocation.output(output)
            } else {
                invocation.emit(output.split(separator: "\n").map(String.init))
            }
        }
    }
}
