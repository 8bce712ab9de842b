import ArgumentParser
import CanopyPipeline
import Foundation

/// The release version; `canopy --version` adds the commit (``buildCommit``) when built from a checkout.
let canopyVersion = "0.7.0"

/// What `canopy --version` prints: `0.7.0 (commit 1a2b3c4d5e6f)`, or `0.7.0` outside a git checkout.
let versionLine = buildCommit.isEmpty ? canopyVersion : "\(canopyVersion) (commit \(buildCommit))"

/// The `canopy` command: UI-test results in, answers out.
package struct Canopy: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "canopy",
        abstract: "Turns UI-test results (JUnit, xcresult JSON, accessibility snapshots and audits) into answers.",
        discussion: """
              canopy inspect build/reports/    # first: what Canopy understands of your files
              canopy run build/reports/        # in CI, after the tests: the whole post-step

            Exit codes: 0 success, 1 a gate failed, 2 bad input, configuration or usage.
            Shell completions: canopy --generate-completion-script bash|zsh|fish
            """,
        version: versionLine,
        subcommands: [
            RunSubcommand.self, IngestSubcommand.self, ReportSubcommand.self, TrendSubcommand.self,
            CheckSubcommand.self, InspectSubcommand.self, QuarantineSubcommand.self, PruneSubcommand.self,
            IndexSourceSubcommand.self, AffectedSubcommand.self, FlakyIssuesSubcommand.self,
        ]
    )

    package init() {}

    /// Parses `arguments`, runs the command they name with `environment` and `console`, and
    /// returns Canopy's exit code for the outcome: 0 success (`--help`, `--version` and completion
    /// scripts print on standard output), 1 a gate failed, 2 bad input, configuration or usage
    /// (never ArgumentParser's 64), a `PipelineError`'s own code. It never exits the process.
    package static func invoke(
        _ arguments: [String], environment: [String: String], console: Console, retainer: Retainer? = nil
    ) async -> Int32 {
        let invocation = Invocation(environment: environment, console: console, retainer: retainer)
        do {
            var command = try parseAsRoot(arguments)
            if let invoked = command as? any InvokedCommand {
                try await invoked.run(in: invocation)
            } else {
                // A command group without a command of its own (`canopy`, `canopy quarantine`):
                // ArgumentParser's `run` asks for its help.
                try command.run()
            }
            return 0
        } catch let error as PipelineError {
            console.error(error.description + "\n")
            return error.exitCode
        } catch {
            let code = exitCode(for: error)
            // ArgumentParser uses 1 for thrown errors it does not know; ours are input errors.
            let isInputError = code.rawValue == 1 && !(error is ExitCode)
            if isInputError || code == .validationFailure {
                console.error(fullMessage(for: error, columns: console.columns) + "\n")
                return 2
            }
            // As ArgumentParser's `exit(withError:)`: help and other clean exits on standard
            // output, anything else on standard error.
            let message = fullMessage(for: error, columns: console.columns)
            if !message.isEmpty { (code == .success ? console.output : console.error)(message + "\n") }
            return code.rawValue
        }
    }
}
