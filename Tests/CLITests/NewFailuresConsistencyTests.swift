import Foundation
import Testing

/// `run`, `report` and `trend` say which failures of a run are new by one rule (failing in the
/// run, not in its baseline): rendered from the same history, they list the same tests.
@Suite("One rule for new failures across run, report and trend", .serialized)
struct NewFailuresConsistencyTests {
    private func junit(failing: Set<String>, how: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests.FeedTests\">"
        for name in ["testLoad", "testRefresh", "testScroll"] {
            xml += "<testcase classname=\"AppUITests.FeedTests\" name=\"\(name)\" time=\"1.0\">"
            if failing.contains(name) {
                xml += "<failure message=\"FeedTests.swift:9 - XCTAssertTrue failed - \(name) \(how)\"/>"
            }
            xml += "</testcase>"
        }
        return xml + "</testsuite></testsuites>\n"
    }

    /// The tests listed under the overview's "New failures" heading of a page.
    private func newFailures(in page: String) throws -> [String] {
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let heading = try #require(text.range(of: "<h3>New failures <span class=\"count\">"), "\(page)")
        let rest = text[heading.upperBound...]
        // The section ends at the next heading (still failing, not counted, flaky tests, …).
        let end = rest.range(of: "<h3>")?.lowerBound ?? rest.endIndex
        return rest[..<end].components(
            separatedBy:
                "<li class=\"failure\"><div class=\"f-head\"><span class=\"f-icon\" aria-hidden=\"true\">✗</span><code>"
        )
        .dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test("the latest run's new failures are the same tests in run's, report's and trend's pages")
    func sameNewFailures() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let nights: [Set<String>] = [[], ["testScroll"], ["testScroll"], ["testRefresh"], ["testLoad", "testScroll"]]
        for (index, failing) in nights.enumerated() {
            let file = out + "/night-\(index).xml"
            let last = index == nights.count - 1
            // The last night's failures are unlike the earlier ones: none is excused as a known flake.
            try junit(failing: failing, how: last ? "crashed on launch" : "broke").write(
                toFile: file, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(
                [
                    last ? "run" : "ingest", "--quiet", "--out", out, "--run-key", "night-\(index)", "--commit",
                    "c\(index)abcdef", "--branch", "main",
                    "--started-at", "2026-11-0\(index + 1)T02:00:00Z", file,
                ] + (last ? ["--annotations", "none"] : []))
            #expect(result.status == (last ? 1 : 0), "\(result.stdout)\(result.stderr)")
        }
        let fromRun = try newFailures(in: out + "/site/index.html")
        let report = try await CLIRunner.run(["report", "--out", out + "/report", "--store", out + "/history.sqlite"])
        #expect(report.status == 0, "\(report.stderr)")
        let fromReport = try newFailures(in: out + "/report/site/index.html")
        let trend = try await CLIRunner.run([
            "trend", "--out", out + "/trend-out", "--store", out + "/history.sqlite", "--runs", "5",
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        let fromTrend = try newFailures(in: out + "/trend-out/trend/index.html")
        // testScroll failed in night 2 but not in night 3, the baseline: new again, as testLoad is.
        #expect(fromRun.sorted() == ["AppUITests.FeedTests/testLoad", "AppUITests.FeedTests/testScroll"])
        #expect(fromReport.sorted() == fromRun.sorted())
        #expect(fromTrend.sorted() == fromRun.sorted())
    }
}
