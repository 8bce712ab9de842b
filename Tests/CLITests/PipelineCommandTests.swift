import Foundation
import Testing

/// End-to-end tests of the commands that store and judge runs, on the built binary; one at a time
/// (each runs the binary), in the suites of `PipelineCommandTests+….swift`.
@Suite("canopy run, ingest, check, report, trend (end to end)", .serialized)
struct PipelineCommandTests {}

/// What the end-to-end suites share: the sample history's nights, ingested into a fresh directory.
protocol SampleHistoryCommands {}

extension SampleHistoryCommands {
    var sample: String { CLIRunner.repository.appendingPathComponent("Reports/samples").path }

    func temporaryDirectory() throws -> String { try CLIRunner.temporaryDirectory() }

    func night(_ number: Int) -> String { CLIRunner.night(number) }

    func ingest(_ out: String, _ number: Int, extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(
            [
                "ingest", "--quiet", "--out", out, "--run-key", "night-\(number)", "--commit", "c\(number)", "--branch",
                "main",
                "--started-at", String(format: "2026-11-%02dT02:00:00Z", number),
            ] + extra + [night(number)])
    }
}
