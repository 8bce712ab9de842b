import ArgumentParser
import CanopyPipeline
import Foundation

/// `canopy --version`.
let canopyVersion = "0.7.0"

/// The `canopy` command: UI-test results in, answers out.
@main
struct Canopy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canopy",
        abstract: "Turns UI-test results (JUnit, xcresult JSON, accessibility snapshots and audits) into answers.",
        discussion: """
            Exit codes: 0 success, 1 a gate failed, 2 bad input, configuration or usage.
            Start with `canopy inspect PATH…` on your own report files; in CI call `canopy run`.
            Shell completions: canopy --generate-completion-script bash|zsh|fish
            """,
        version: canopyVersion,
        subcommands: [RunCommand.self, IngestCommand.self, ReportCommand.self, TrendCommand.self, CheckCommand.self, InspectCommand.self]
    )

    /// Runs the command and maps every failure to Canopy's exit codes (usage errors are 2, not 64).
    static func main() async {
        StandardStream.ignoreBrokenPipes()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as PipelineError {
            StandardStream.error(error.description + "\n")
            Foundation.exit(error.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is CleanExit {
                exit(withError: error)
            }
            if code.rawValue == 1 && !(error is ExitCode) {
                // ArgumentParser uses 1 for thrown errors it does not know; ours are input errors.
                StandardStream.error(fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            if code == .validationFailure {
                StandardStream.error(fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
