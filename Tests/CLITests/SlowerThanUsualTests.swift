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

    @Test("a pull request's slower tests are against its target's runs, and not those slow on the target's latest run")
    func pullRequestAgainstItsTarget() async throws {
        let out = try CLIRunner.temporaryDirectory()
        // On main: testSeek usually 10 s and 22 s on main's latest night; testVolume usually 10 s,
        // 4 s on main's latest night. The request's branch ran testVolume in 30 s once before.
        let nights: [[String: Double]] = [
            ["testSeek": 10, "testVolume": 10], ["testSeek": 10, "testVolume": 10], ["testSeek": 9, "testVolume": 11],
            ["testSeek": 11, "testVolume": 10], ["testSeek": 22, "testVolume": 4],
        ]
        let config = out + "/canopy.yml"
        try "slowerTests:\n  runs: 5\n".write(toFile: config, atomically: true, encoding: .utf8)
        func store(_ night: [String: Double], key: String, branch: String, day: Int) async throws {
            let file = out + "/\(key).xml"
            try junit(night).write(toFile: file, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--config", config, "--out", out, "--run-key", key, "--commit", key + "abcdef",
                "--branch", branch, "--started-at", "2026-11-0\(day)T02:00:00Z", file,
            ])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        }
        for (index, night) in nights.enumerated() {
            try await store(night, key: "night-\(index)", branch: "main", day: index + 1)
        }
        try await store(["testSeek": 10, "testVolume": 30], key: "pr-0", branch: "feature/x", day: 6)
        // The request: testSeek 25 s (slower than usual, not than main's latest 22 s), testVolume
        // 25 s (slower than both; its own branch's 30 s is not the reference).
        let file = out + "/pr-1.xml"
        try junit(["testSeek": 25, "testVolume": 25]).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "run", "--quiet", "--config", config, "--out", out, "--run-key", "pr-1", "--commit", "pr1abcdef",
            "--branch", "feature/x", "--base-branch", "main", "--started-at", "2026-11-07T02:00:00Z",
            "--annotations", "none", file,
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("🐢 Slower than usual (1)"), "\(summary)")
        let section = summary.components(separatedBy: "🐢 Slower than usual").last ?? ""
        #expect(section.contains("testVolume") && !section.contains("testSeek"), "\(section)")
    }

    @Test("a test slow only against its usual time is listed; one slow only against a fast baseline night is not")
    func againstTheMedian() async throws {
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
            let result = try await CLIRunner.run(
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
    func runsValidated() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let config = out + "/canopy.yml"
        try "slowerTests:\n  runs: 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let file = out + "/a.xml"
        try junit(["testSeek": 1]).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["check", "--config", config, "--out", out, file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("slowerTests.runs"), "\(result.stderr)")
    }
}
