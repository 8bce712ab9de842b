import Foundation
import Testing

/// Canopy decides the job (issue 37): the test command's exit code is given to `canopy run`
/// (`--test-exit-code`), and the gates say whether its failure is explained and excused. The
/// results are xcbeautify's JUnit as it writes it.
@Suite("canopy decides the job")
struct JobDecisionTests {
    /// xcbeautify's JUnit of `CheckoutTests`: `tests` passing, then `failing` entries (message each).
    static func junit(passing: [String], failing: [(name: String, message: String)] = []) -> String {
        var cases = passing.map {
            """
                    <testcase classname="AppUITests.CheckoutTests" name="\($0)" time="2.000">
                    </testcase>

            """
        }
        cases += failing.map {
            """
                    <testcase classname="AppUITests.CheckoutTests" name="\($0.name)">
                        <failure message="\($0.message)">
                        </failure>
                    </testcase>

            """
        }
        return """
            <testsuites name="All tests" tests="\(cases.count)" failures="\(failing.count)">
                <testsuite name="AppUITests.CheckoutTests" tests="\(cases.count)" failures="\(failing.count)">
            \(cases.joined())    </testsuite>
            </testsuites>

            """
    }

    static let crash = (
        name: "testPay()",
        message:
            "CheckoutTests.swift:30 - Restarting after unexpected exit, crash, or test timeout in -[AppUITests.CheckoutTests testPay]; summary will include totals from previous launches."
    )
    static let assertion = (
        name: "testPay()", message: "CheckoutTests.swift:42 - XCTAssertTrue failed - Pay not hittable"
    )
    static let all = ["testOpen()", "testAddCard()", "testRemoveCard()", "testReceipt()", "testRefund()"]

    /// Stores a baseline night of every test passing, then runs `junit` with `arguments`.
    static func decide(
        _ junit: String, config: String? = nil, arguments: [String]
    ) async throws -> (result: (status: Int32, stdout: String, stderr: String, out: String), summary: String) {
        let directory = try CLIRunner.temporaryDirectory()
        try Self.junit(passing: all + ["testPay()"]).write(
            toFile: directory + "/baseline.xml", atomically: true, encoding: .utf8)
        try junit.write(toFile: directory + "/junit.xml", atomically: true, encoding: .utf8)
        var configArguments: [String] = []
        if let config {
            try config.write(toFile: directory + "/canopy.yml", atomically: true, encoding: .utf8)
            configArguments = ["--config", directory + "/canopy.yml"]
        }
        let store = ["--store", directory + "/history.sqlite"]
        let baseline = try await CLIRunner.run(
            ["ingest", "--branch", "main", "--commit", "c1", "--run-key", "night-1"] + store + configArguments
                + [directory + "/baseline.xml"])
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let result = try await CLIRunner.run(
            [
                "run", "--branch", "main", "--commit", "c2", "--run-key", "night-2", "--out", directory + "/out",
                "--annotations", "none",
            ] + store + configArguments + arguments + [directory + "/junit.xml"])
        let summary = (try? String(contentsOfFile: directory + "/out/summary.md", encoding: .utf8)) ?? ""
        return ((result.status, result.stdout, result.stderr, directory + "/out"), summary)
    }

    @Test("a crash mid-run: the runner's restart record and the tests after it missing fail the job")
    func crashMidRun() async throws {
        let (result, summary) = try await Self.decide(
            Self.junit(passing: Array(Self.all.prefix(2)), failing: [Self.crash]),
            arguments: ["--test-exit-code", "65"])
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("✗ GATE FAILED: test command explained"), "\(result.stdout)")
        // The summary lists what did not run, by suite, and the crash that explains it.
        #expect(summary.contains("### ⚠️ Tests that did not run (3)"), "\(summary)")
        let slack = try String(contentsOfFile: result.out + "/slack.json", encoding: .utf8)
        #expect(
            slack.contains("Tests that did not run (3)*: the test runner crashed at AppUITests.CheckoutTests/testPay"),
            "\(slack)")
        #expect(summary.contains("the test runner crashed at AppUITests.CheckoutTests/testPay: "), "\(summary)")
        #expect(
            summary.contains(
                "- 3 of <code>AppUITests.CheckoutTests</code>: <code>testReceipt</code>, <code>testRefund</code>, <code>testRemoveCard</code>"
            ), "\(summary)")
        #expect(
            summary.contains(
                "the test runner crashed (1 crash record(s)); 3 test(s) of the baseline did not run: 3 of AppUITests.CheckoutTests"
            ), "\(summary)")
    }

    @Test("the test command failed but its results show no failing test: the job fails")
    func nothingExplained() async throws {
        let (result, _) = try await Self.decide(
            Self.junit(passing: Self.all + ["testPay()"]), arguments: ["--test-exit-code", "65"])
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("results show no failing test"), "\(result.stdout)")
        // The same results with the test command's success: nothing to explain.
        let (passed, _) = try await Self.decide(
            Self.junit(passing: Self.all + ["testPay()"]), arguments: ["--test-exit-code", "0"])
        #expect(passed.status == 0, "\(passed.stdout)")
    }

    @Test("every failure excused (quarantined): the test command's failure does not fail the job")
    func allExcused() async throws {
        let config = """
            quarantine:
              - test: "AppUITests.CheckoutTests/testPay"
                reason: "Pay button races the sheet (APP-12)"
                expires: 2099-12-31

            """
        let (result, _) = try await Self.decide(
            Self.junit(passing: Self.all, failing: [Self.assertion]), config: config,
            arguments: ["--test-exit-code", "65"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("✓ gate passed: test command explained"), "\(result.stdout)")
    }

    @Test("one new failure: the job fails by the new-failures gate, the test command explained")
    func oneNewFailure() async throws {
        let (result, _) = try await Self.decide(
            Self.junit(passing: Self.all, failing: [Self.assertion]), arguments: ["--test-exit-code", "65"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ GATE FAILED: no new failures"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ gate passed: test command explained"), "\(result.stdout)")
    }

    @Test(
        "a pull request that deletes tests is not a crash: no crash record, the job passes; the nightly's gate catches it"
    )
    func deletedTestsAreNotACrash() async throws {
        let fewer = Self.junit(passing: Array(Self.all.prefix(3)) + ["testPay()"])
        let (deleted, deletedSummary) = try await Self.decide(fewer, arguments: ["--test-exit-code", "0"])
        #expect(deleted.status == 0, "\(deleted.stdout)")
        #expect(
            deletedSummary.contains("no crash record in the results: deleted or renamed tests"), "\(deletedSummary)")
        let nightly = "gates:\n  maximumMissingTests: 0\n"
        let (gated, summary) = try await Self.decide(fewer, config: nightly, arguments: [])
        #expect(gated.status == 1, "\(gated.stdout)")
        #expect(summary.contains("2 test(s) of the baseline did not run: 2 of AppUITests.CheckoutTests"), "\(summary)")
    }

    @Test("a quarantined test that passed is listed with its record: lift it when it keeps passing")
    func quarantinedAndPassing() async throws {
        let config = """
            quarantine:
              - test: "AppUITests.CheckoutTests/testPay"
                reason: "Pay button races the sheet (APP-12)"
                expires: 2099-12-31

            """
        let (result, summary) = try await Self.decide(
            Self.junit(passing: Self.all + ["testPay()"]), config: config, arguments: [])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(summary.contains("Quarantined tests that passed this run (1):"), "\(summary)")
        #expect(
            summary.contains(
                "- <code>AppUITests.CheckoutTests/testPay</code> 🧊 quarantined, passed, and no failure in the history window: consider lifting"
            ), "\(summary)")
    }

    @Test("the results list fewer tests than the summary declares: the run was cut off, the job fails")
    func fewerThanDeclared() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let tests = CLIRunner.fixture("xcresult/flaky-first-run.json")
        let summary: [String: Any] = [
            "title": "Test - App", "result": "Failed", "totalTestCount": 5, "passedTests": 4, "failedTests": 1,
            "skippedTests": 0, "expectedFailures": 0, "statistics": [], "topInsights": [],
            "devicesAndConfigurations": [
                ["device": ["deviceName": "iPhone 16", "modelName": "iPhone 16", "osVersion": "18.0"]]
            ],
            "testFailures": [
                [
                    "testName": "testWelcome()", "targetName": "AppUITests",
                    "failureText": "Failed to get matching snapshot",
                    "testIdentifierString": "OnboardingTests/testWelcome()",
                ]
            ],
        ]
        try JSONSerialization.data(withJSONObject: summary).write(to: URL(fileURLWithPath: directory + "/summary.json"))
        let result = try await CLIRunner.run([
            "check", "--out", directory + "/out", "--test-exit-code", "65", tests, directory + "/summary.json",
        ])
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("the summary declares 5 tests, the results list 1"), "\(result.stderr)")
        #expect(
            result.stdout.contains("the results list 1 of the 5 tests they declare: the run was cut off"),
            "\(result.stdout)")
    }
}
