import Foundation
import Testing

/// A test history already calls flaky is neither a new failure nor a new flaky test when it fails
/// or flakes again: not on its own branch, and not in a pull request whose target branch knows it
/// (the request's own branch has almost no history).
@Suite("canopy run: known flaky tests are not new, on the branch and in a pull request", .serialized)
struct KnownFlakyTests {
    /// A JUnit file of `AppUITests.CartTests` in xcodebuild's retry shape: one `<testcase>` per
    /// attempt, `false` for a failed one.
    private func junit(_ tests: [String: [Bool]]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests.CartTests\">\n"
        for (name, attempts) in tests.sorted(by: { $0.key < $1.key }) {
            for passed in attempts {
                xml += "<testcase classname=\"AppUITests.CartTests\" name=\"\(name)\" time=\"1.0\">"
                xml +=
                    passed
                    ? "</testcase>\n" : "<failure message=\"CartTests.swift:12 - XCTAssertTrue failed\"/></testcase>\n"
            }
        }
        return xml + "</testsuite></testsuites>\n"
    }

    private func write(_ tests: [String: [Bool]], in out: String, as name: String) throws -> String {
        let path = out + "/" + name + ".xml"
        try junit(tests).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Main's history: `testT` flakes on three of five commits and passed on the latest.
    private func mainHistory(_ out: String) async throws {
        let nights: [[Bool]] = [[false, true], [true], [false, true], [false, true], [true]]
        for (index, attempts) in nights.enumerated() {
            let file = try write(["testT": attempts, "testU": [true], "testV": [true]], in: out, as: "main-\(index)")
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--run-key", "main-\(index)", "--commit", "m\(index)", "--branch",
                "main",
                "--started-at", "2026-11-0\(index + 1)T02:00:00Z", file,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    private func config(_ out: String) throws -> String {
        let path = out + "/gates.yml"
        try "gates:\n  maximumNewFailures: 0\n  maximumNewFlakyTests: 0\n  maximumNewAuditErrors: 0\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The gate's test lines: the indented lines under a failed gate.
    private func gateTests(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("in a pull request, main's flaky test failing or flaking is not new; a test new to failing or to flaking is")
    func pullRequest() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await mainHistory(out)
        let config = try config(out)
        func pullRequest(_ sha: String, _ tests: [String: [Bool]]) async throws -> CLIRunner.Result {
            try await CLIRunner.run(
                [
                    "run", "--out", out, "--config", config, "--annotations", "none", "--started-at",
                    "2026-11-09T02:00:00Z",
                    try write(tests, in: out, as: sha),
                ],
                environment: [
                    "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": sha, "GITHUB_RUN_ATTEMPT": "1", "GITHUB_JOB": "ui",
                    "GITHUB_SHA": sha,
                    "GITHUB_REF": "refs/pull/9/merge", "GITHUB_HEAD_REF": "feature/y", "GITHUB_BASE_REF": "main",
                ])
        }
        // testT fails outright, testU fails for the first time, testV flakes for the first time.
        let first = try await pullRequest(
            "p1", ["testT": [false, false], "testU": [false, false], "testV": [false, true]])
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(
            first.stdout.contains("GATE FAILED: no new failures")
                && first.stdout.contains("GATE FAILED: no new flaky tests"), "\(first.stdout)")
        #expect(
            gateTests(first.stdout) == ["AppUITests.CartTests/testU", "AppUITests.CartTests/testV"], "\(first.stdout)")
        #expect(first.stdout.contains("known to be flaky") && first.stdout.contains("testT"), "\(first.stdout)")

        // testT flakes (main's latest run passed it, so the baseline alone calls it new): known, so the gates pass.
        let second = try await pullRequest("p2", ["testT": [false, true], "testU": [true], "testV": [true]])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("gate passed: no new flaky tests"), "\(second.stdout)")
        #expect(second.stdout.contains("flaky in history already"), "\(second.stdout)")

        // With the new-flaky-tests gate off, nothing is said about what it would have left out.
        let off = out + "/no-flaky-gate.yml"
        try "gates:\n  maximumNewFailures: 0\n".write(toFile: off, atomically: true, encoding: .utf8)
        let third = try await CLIRunner.run(
            [
                "run", "--out", out, "--config", off, "--annotations", "none", "--started-at", "2026-11-09T02:00:00Z",
                try write(["testT": [false, true], "testU": [true], "testV": [true]], in: out, as: "p3"),
            ],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "p3", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_JOB": "ui",
                "GITHUB_SHA": "p3",
                "GITHUB_REF": "refs/pull/9/merge", "GITHUB_HEAD_REF": "feature/y", "GITHUB_BASE_REF": "main",
            ])
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(!third.stdout.contains("flaky in history already"), "\(third.stdout)")
    }

    @Test("on main, a test flaky in its window flaking again is not new; one flaking for the first time is")
    func ownBranch() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try await mainHistory(out)
        let config = try config(out)
        let file = try write(
            ["testT": [false, true], "testU": [false, true], "testV": [true]], in: out, as: "main-5")
        let result = try await CLIRunner.run([
            "run", "--out", out, "--config", config, "--run-key", "main-5", "--commit", "m5", "--branch", "main",
            "--started-at", "2026-11-06T02:00:00Z", file,
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(gateTests(result.stdout) == ["AppUITests.CartTests/testU"], "\(result.stdout)")
    }
}
