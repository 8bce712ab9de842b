import Foundation
import Testing

/// A pull request's test that fails on its target branch already says since which commit of
/// that branch, not since the request's own head.
@Suite("canopy run: a pull request's still-failing test names its target branch", .serialized)
struct StillFailingOnTargetTests {
    private func junit(_ failing: Bool) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests.FeedTests\">"
            + "<testcase classname=\"AppUITests.FeedTests\" name=\"testRefresh\" time=\"1.0\">"
            + (failing
                ? "<failure message=\"FeedTests.swift:9 - XCTAssertEqual failed: (&quot;3&quot;) is not equal to (&quot;4&quot;)\"/>"
                : "")
            + "</testcase><testcase classname=\"AppUITests.FeedTests\" name=\"testScroll\" time=\"1.0\"/></testsuite></testsuites>\n"
    }

    @Test("failing on main since main's commit")
    func failingOnTarget() async throws {
        let out = try CLIRunner.temporaryDirectory()
        for (index, failing) in [false, false, true, true].enumerated() {
            let file = out + "/main-\(index).xml"
            try junit(failing).write(toFile: file, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--run-key", "main-\(index)", "--commit", "main\(index)abcdef",
                "--branch", "main",
                "--started-at", "2026-11-0\(index + 1)T02:00:00Z", file,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let file = out + "/pr.xml"
        try junit(true).write(toFile: file, atomically: true, encoding: .utf8)
        let config = out + "/gates.yml"
        try "gates:\n  maximumNewFailures: 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            [
                "run", "--out", out, "--config", config, "--annotations", "none", "--started-at",
                "2026-11-09T02:00:00Z", file,
            ],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "77", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_JOB": "ui",
                "GITHUB_SHA": "headsha0123456789",
                "GITHUB_REF": "refs/pull/9/merge", "GITHUB_HEAD_REF": "feature/y", "GITHUB_BASE_REF": "main",
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("failing on main since main2abcdef"), "\(summary)")
        #expect(!summary.contains("since headsha"), "\(summary)")
    }
}
