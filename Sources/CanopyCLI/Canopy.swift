import ArgumentParser
import CanopyPipeline
import Foundation

/// The release version; `canopy --version` adds the commit (``buildCommit``) when built from a checkout.
let canopyVersion = "0.7.0"

/// What `canopy --version` prints: `0.7.0 (commit 1a2b3c4d5e6f)`, or `0.7.0` outside a git checkout.
let versionLine = buildCommit.isEmpty ? canopyVersion : "\(canopyVersion) (commit \(buildCommit))"

/// The `canopy` command: UI-test results in, answers out.
@main
struct Canopy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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

    /// Runs the command and maps every failure to Canopy's exit codes (usage errors are 2, not 64).
    static func main() async {
        // `canopy run` of a large report holds its peak across several threads' allocations.
        Platform.boundAllocatorMemory(arenas: Int32(clamping: ProcessInfo.processInfo.activeProcessorCount))
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
