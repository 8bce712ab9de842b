import Foundation
import Testing

/// xcresulttool's documents through `canopy run`: a summary alone is never a pass, a directory of
/// every document reads its tests once, a failed build refuses the run's results, and the metrics
/// document's measurements are stored with the tests they join.
@Suite("canopy run on xcresulttool's documents (end to end)")
struct XCResultDocumentsCommandTests {
    private func directory(_ fixtures: [String]) throws -> String {
        let directory = try CLIRunner.temporaryDirectory() + "/results"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for fixture in fixtures {
            try FileManager.default.copyItem(
                atPath: CLIRunner.fixture("xcresult/" + fixture),
                toPath: directory + "/" + (fixture as NSString).lastPathComponent)
        }
        return directory
    }

    @Test("a summary that says Failed, alone: its failing tests fail the gate")
    func summaryAlone() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--annotations", "none",
            CLIRunner.fixture("xcresult/summary-failed.json"),
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("GATE FAILED: no new failures — 2 new failing test(s)"), "\(result.stdout)")
        #expect(result.stdout.contains("AppUITests.CheckoutTests/testPay"))
    }

    @Test(
        "a document that holds no test results, alone, is a run of no tests: the tests gate fails",
        arguments: [
            "metrics.json", "insights.json", "exported/activities-testLogin.json", "build-results-succeeded.json",
        ])
    func noTestResultsAlone(_ fixture: String) async throws {
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--annotations", "none", CLIRunner.fixture("xcresult/" + fixture),
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("did the test step run?"), "\(result.stdout)")
        #expect(!result.stdout.contains("✅ Passed"), "\(result.stdout)")
    }

    @Test("a directory of every document: read like the tests JSON alone, nothing refused")
    func everyDocument() async throws {
        let alone = try directory(["xcode26-two-devices.json"])
        let every = try directory([
            "xcode26-two-devices.json", "summary-failed.json", "test-details.json", "insights.json", "metrics.json",
            "build-results-succeeded.json", "exported/activities-testLogin.json",
        ])
        let expected = try await CLIRunner.run(["inspect", "--summary", "--format", "json", alone])
        let result = try await CLIRunner.run(["inspect", "--summary", "--format", "json", every])
        #expect(result.status == 0, "\(result.stderr)")
        let totals = { (text: String) throws -> [String: Int] in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let totals = try #require(object["totals"] as? [String: Any])
            return totals.compactMapValues { $0 as? Int }.filter { $0.key != "duration" }
        }
        #expect(try totals(result.stdout) == totals(expected.stdout))
        #expect(!result.stdout.contains("\"error\""), "\(result.stdout)")
        let out = try CLIRunner.temporaryDirectory()
        let run = try await CLIRunner.run(["run", "--out", out, "--branch", "main", "--annotations", "none", every])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        // The skipped kinds are notes, kept with the run's diagnostics, as are measured runs of
        // tests the run does not list.
        let report = try String(contentsOfFile: out + "/report.json", encoding: .utf8)
        #expect(report.contains("insights JSON: Xcode's own observations"))
        #expect(report.contains("metrics JSON: 1 measured test run(s) belong to no test read"))
    }

    @Test("build-results of a failed build beside the tests: exit 2, the first error named, nothing stored")
    func failedBuild() async throws {
        let results = try directory(["xcode26-two-devices.json", "build-results-failed.json"])
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run(["run", "--out", out, results])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("the build failed: \"Cannot find 'CheckoutView' in scope\""), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    @Test("the metrics document beside the tests: each measured test's metrics stored with the run, packed")
    func metricsStored() async throws {
        let results = try directory(["xcode26-two-devices.json", "metrics-two-devices.json"])
        let out = try CLIRunner.temporaryDirectory()
        let result = try await CLIRunner.run([
            "run", "--out", out, "--branch", "main", "--annotations", "none", results,
        ])
        #expect(result.status == 1, "a failing test fails the gate: \(result.stdout)\(result.stderr)")
        let script = """
            import sqlite3, struct, sys
            db = sqlite3.connect(sys.argv[1])
            for key, metric, unit, blob in db.execute(
                    "SELECT n.test_key, i.value, u.value, m.measurements FROM test_metrics m "
                    "JOIN test_names n ON n.id = m.name_id JOIN strings i ON i.id = m.metric_id "
                    "JOIN strings u ON u.id = m.unit_id ORDER BY n.test_key DESC, m.ordinal"):
                values = struct.unpack("<%dd" % (len(blob) // 8), blob)
                print("%s|%s|%s|%d|%s" % (key, metric, unit, len(values), values[0]))
            """
        let (status, printed) = try CLIRunner.python(script, out + "/history.sqlite")
        #expect(status == 0)
        let phone = "AppUITests.LoginTests/testLogout@iPhone 16 Pro (18.2)"
        let pad = "AppUITests.LoginTests/testLogout@iPad Air 11-inch (M2) (18.2)"
        let expected: [String] = [
            phone + "|com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration|s|5|5.2871",
            phone + "|com.apple.XCTPerformanceMetric_WallClockTime|seconds|10|1.9042",
            pad + "|com.apple.XCTPerformanceMetric_WallClockTime|seconds|10|2.1187",
        ]
        let lines: [String] = printed.split(separator: "\n").map(String.init)
        #expect(lines == expected, "\(printed)")
    }
}
