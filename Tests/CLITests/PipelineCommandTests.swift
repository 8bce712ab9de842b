import Foundation
import Testing

/// End-to-end tests of the commands that store and judge runs, on the built binary; one at a time
/// (each runs the binary), in the suites of `PipelineCommandTests+….swift`.
@Suite("canopy run, ingest, check, report, trend (end to end)", .serialized)
struct PipelineCommandTests {}

/// What the end-to-end suites share: the sample history's nights, ingested into a fresh directory.
protocol SampleHistoryCommands: Sendable {}

extension SampleHistoryCommands {
    var sample: String { CLIRunner.repository.appendingPathComponent("Reports/samples").path }

    func temporaryDirectory() throws -> String { try CLIRunner.temporaryDirectory() }

    func night(_ number: Int) -> String { CLIRunner.night(number) }

    func ingest(_ out: String, _ number: Int, extra: [String] = []) async throws -> CLIRunner.Result {
        try await CLIRunner.run(
            [
                "ingest", "--quiet", "--out", out, "--run-key", "night-\(number)", "--commit", "c\(number)", "--branch",
                "main",
                "--started-at", String(format: "2026-11-%02dT02:00:00Z", number),
            ] + extra + [night(number)])
    }

    /// Stores nights `numbers` of the sample history in `out` exactly as `ingest` would, one by
    /// one, with `extra` arguments: from a copy of a template store that the test process builds
    /// once for those nights and arguments (`SampleHistoryTemplates`), not by running `ingest`
    /// again for every test.
    func ingestNights(_ numbers: ClosedRange<Int>, into out: String, extra: [String] = []) async throws {
        let template = try await SampleHistoryTemplates.shared.template(numbers, extra: extra) { directory in
            for number in numbers {
                let result = try await ingest(directory, number, extra: extra)
                guard result.status == 0 else {
                    throw SampleHistoryTemplates.Failure(text: "ingest of night \(number): \(result.stderr)")
                }
            }
        }
        try FileManager.default.copyItem(atPath: template + "/history.sqlite", toPath: out + "/history.sqlite")
    }
}

/// The sample history's template stores, one per set of nights and arguments, each built once
/// per test process (the first test to ask builds it; the others wait for it) and never written
/// again: tests get copies. `ingest` leaves the whole store in `history.sqlite` (its `-wal`
/// checkpointed and emptied on close), so the file alone is the store.
actor SampleHistoryTemplates {
    struct Failure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static let shared = SampleHistoryTemplates()
    private var built: [String: Task<String, any Error>] = [:]

    func template(
        _ numbers: ClosedRange<Int>, extra: [String], build: @escaping @Sendable (String) async throws -> Void
    ) async throws -> String {
        let key = "\(numbers)|" + extra.joined(separator: "\u{1F}")
        if let building = built[key] { return try await building.value }
        let building = Task {
            let directory = try CLIRunner.temporaryDirectory()
            try await build(directory)
            return directory
        }
        built[key] = building
        return try await building.value
    }
}
