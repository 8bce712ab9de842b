import Foundation
import Testing

/// New accessibility issues are annotated as new failures are; quarantined ones, which the gate
/// does not count, are not.
@Suite("New audit issues as annotations", .serialized)
struct AuditAnnotationTests {
    /// The sample's nights 1…10 ingested into `out`, then night 11 run with GitHub annotations.
    static func night11(config: String?) async throws -> CLIRunner.Result {
        let out = try CLIRunner.temporaryDirectory()
        let configArguments = config.map { ["--config", $0] } ?? []
        for night in 1...10 {
            let result = try await CLIRunner.run(
                [
                    "ingest", "--quiet", "--out", out, "--branch", "main", "--commit", "c\(night)", "--run-key",
                    "n\(night)",
                    "--started-at", String(format: "2026-11-%02dT02:00:00Z", night + 7), CLIRunner.night(night),
                ] + configArguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let run = try await CLIRunner.run(
            [
                "run", "--out", out, "--branch", "main", "--commit", "c11", "--run-key", "n11", "--started-at",
                "2026-11-18T02:00:00Z",
                "--annotations", "github", CLIRunner.night(11),
            ] + configArguments)
        // Stored and judged (0, or 1 for a failed gate): not a usage or configuration error.
        #expect(run.status == 0 || run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("run n11 stored"), "\(run.stdout)")
        return run
    }

    @Test(
        "night 11's new dynamicType issue is a ::warning annotation naming its element; the old contrast error is none")
    func annotated() async throws {
        let result = try await Self.night11(config: nil)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") && $0.contains("accessibility") }
        #expect(
            lines == [
                "::warning title=New accessibility warning%3A dynamicType on Feed.Header.Refresh (Login)::Dynamic Type font sizes are unsupported — Text does not scale with the preferred content size."
            ], "\(result.stdout)")
    }

    @Test("a quarantined audit issue is not annotated")
    func quarantined() async throws {
        let config = try CLIRunner.temporaryDirectory() + "/canopy.yml"
        try """
        quarantine:
          - identifier: "Feed.Header.Refresh"
            auditType: dynamicType
            expires: 2999-01-01
            reason: header redesign
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try await Self.night11(config: config)
        #expect(!result.stdout.contains("New accessibility"), "\(result.stdout)")
    }
}
