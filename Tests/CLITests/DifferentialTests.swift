import Foundation
import Testing

/// An independent reading of every JUnit and xcresulttool JSON fixture under `Tests/`
/// (`differential.py`, standard library only, by the rules of `docs/identity-and-verdicts.md`)
/// must count the same tests, failed, skipped and flaky as `canopy inspect --format json`.
/// Fixtures that may legitimately differ say why in the script's `EXPECTED` table.
@Suite("Differential check of the fixtures' totals")
struct DifferentialTests {
    @Test("every fixture's totals agree with an independent reading")
    func fixturesAgree() throws {
        let script = CLIRunner.repository.appendingPathComponent("Tests/CLITests/differential.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, CLIRunner.binary, CLIRunner.repository.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains(" 0 disagreement(s)"), "\(output)")
    }
}
