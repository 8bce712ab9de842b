import Foundation
import Testing

/// `canopy run --allow-partial`: the readable part is stored and judged, marked partial.
@Suite("canopy run --allow-partial")
struct AllowPartialTests {
    @Test("stores and judges what could be read, says the run is partial, and history keeps it so")
    func allowPartial() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let good = out + "/login.xml"
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="AppUITests.LoginTests"><testcase classname="AppUITests.LoginTests" name="testLogin" time="1.0"><failure message="LoginTests.swift:42 - XCTAssertTrue failed"/></testcase></testsuite></testsuites>
        """.write(toFile: good, atomically: true, encoding: .utf8)
        let cut = out + "/cut.xml"
        try "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"S\">".write(
            toFile: cut, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "run", "--out", out, "--annotations", "none", "--allow-partial", "--run-key", "partial-1", good, cut,
        ])
        // Judged: the readable file's failure is new (no history).
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("cut.xml:"), "\(result.stderr)")
        #expect(
            result.stdout.contains("stored as partial (--allow-partial): 1 input(s) could not be read"),
            "\(result.stdout)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(
            summary.hasPrefix("> [!CAUTION]") && summary.contains("marked partial in history"), "\(summary.prefix(500))"
        )
        let list = try await CLIRunner.run(["report", "--list", "--out", out])
        #expect(
            list.stdout.contains("partial-1") && list.stdout.contains("partial: 1 input(s) unread"), "\(list.stdout)")
        // Without the flag the same inputs are exit 2 and nothing more is stored.
        let strict = try await CLIRunner.run([
            "run", "--out", out, "--annotations", "none", "--run-key", "partial-2", good, cut,
        ])
        #expect(strict.status == 2, "\(strict.stdout)\(strict.stderr)")
        #expect(!(try await CLIRunner.run(["report", "--list", "--out", out])).stdout.contains("partial-2"))
    }
}
