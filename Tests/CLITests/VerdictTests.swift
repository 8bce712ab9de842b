import Foundation
import Testing

/// `canopy check` on the shapes that once made a real failure look flaky or excused: each must
/// fail the gate (exit 1), and pass (exit 0) only where the rules say a failure is excused.
@Suite("canopy check: no false greens on real producers' shapes", .serialized)
struct VerdictTests {
    private func gates(_ out: String, extra: String = "") throws -> String {
        let path = out + "/gates.yml"
        try ("gates:\n  maximumNewFailures: 0\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `check` without history: every failing test counts.
    private func checkAlone(_ fixture: String) throws -> CLIRunner.Result {
        let out = try CLIRunner.temporaryDirectory()
        return try CLIRunner.run([
            "check", "--out", out, "--config", try gates(out), "--store", out + "/history.sqlite", "--branch", "main",
            CLIRunner.fixture(fixture),
        ])
    }

    @Test("each shape with a real failure fails the gate", arguments: [
        "junit/unnamed-testcases.xml", "junit/trainer-devices.xml", "xcresult/swift-testing-nested-two-bundles.json",
    ])
    func failingShapes(_ fixture: String) throws {
        let result = try checkAlone(fixture)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures"), "\(result.stdout)")
    }

    @Test("the failing test of each shape is named under the failed gate")
    func failingTestsNamed() throws {
        let unnamed = try checkAlone("junit/unnamed-testcases.xml")
        #expect(unnamed.stdout.contains("legacy.SmokeTests/(unnamed testcase 3)") && unnamed.stdout.contains("legacy.SmokeTests/(unnamed testcase 4)"), "\(unnamed.stdout)")
        let devices = try checkAlone("junit/trainer-devices.xml")
        #expect(devices.stdout.contains("SearchAppUITests.SearchTests/testSearchShowsResults@iPhone 16 Pro (18.2)#Default"), "\(devices.stdout)")
        #expect(!devices.stdout.contains("iPad Air"), "\(devices.stdout)")
        let nested = try checkAlone("xcresult/swift-testing-nested-two-bundles.json")
        #expect(nested.stdout.contains("ParserKitTests.Outer.Inner/works"), "\(nested.stdout)")
        #expect(!nested.stdout.contains("FormatKitTests.Outer.Inner/works"), "\(nested.stdout)")
    }
}
