import Foundation
import Testing

/// Slower tests are judged against the median of each test's last passing runs on the branch,
/// not one baseline run: one slow night neither hides a slowdown nor invents one.
@Suite("Slower than usual: the median of the last passing runs", .serialized)
struct SlowerThanUsualTests {
    private func junit(_ seconds: [String: Double]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests.PlayerTests\">"
        for (name, time) in seconds.sorted(by: { $0.key < $1.key }) {
            xml += "<testcase classname=\"AppUITests.PlayerTests\" name=\"\(name)\" time=\"\(time)\"/>"
        }
        return xml + "</testsuite></testsuites>\n"
    }

    @Test("a test slow only against its usual time is listed; one slow only against a fast baseline night is not")
    func againstTheMedian() throws {
        let out = try CLIRunner.temporaryDirectory()
        // testSeek: usually 10 s, 22 s in the baseline run, 25 s now (over twice its usual time).
        // testVolume: usually 10 s, 4 s in the baseline run, 12 s now (its usual pace).
        let nights: [[String: Double]] = [
            ["testSeek": 10, "testVolume": 10], ["testSeek": 10, "testVolume": 10], ["testSeek": 9, "testVolume": 11],
            ["testSeek": 11, "testVolume": 10], ["testSeek": 22, "testVolume": 4], ["testSeek": 25, "testVolume": 12],
        ]
        let config = out + "/canopy.yml"
        try "slowerTests:\n  runs: 5\n".write(toFile: config, atomically: true, encoding: .utf8)
        for (index, night) in nights.enumerated() {
            let file = out + "/night-\(index).xml"
            try junit(night).write(toFile: file, atomically: true, encoding: .utf8)
            let last = index == nights.count - 1
            let result = try CLIRunner.run(
                [
                    last ? "run" : "ingest", "--quiet", "--config", config, "--out", out, "--run-key", "night-\(index)",
                    "--commit", "c\(index)abcdef",
                    "--branch", "main", "--started-at", "2026-11-0\(index + 1)T02:00:00Z", file,
                ] + (last ? ["--annotations", "none"] : []))
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        }
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("🐢 Slower than usual (1)"), "\(summary)")
        // The median of 10, 10, 9, 11 and 22 is 10.
        #expect(
            summary.contains("| <code>AppUITests.PlayerTests/testSeek</code> | 10.0s (5 runs) | 25.0s |"), "\(summary)")
        #expect(!summary.contains("testVolume</code> |"))
    }

    @Test("runs: outside 1…100 is an error naming the key")
    func runsValidated() throws {
        let out = try CLIRunner.temporaryDirectory()
        let config = out + "/canopy.yml"
        try "slowerTests:\n  runs: 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let file = out + "/a.xml"
        try junit(["testSeek": 1]).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--config", config, "--out", out, file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("slowerTests.runs"), "\(result.stderr)")
    }
}
