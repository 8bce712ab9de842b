import Foundation
import Testing

/// One unreadable input among several: nothing is stored and the exit code is 2, but the
/// summary, comment, page and step summary still say which input could not be read and why,
/// then what the readable inputs show.
@Suite("canopy run with an unreadable input")
struct UnreadableInputTests {
    @Test("the outputs name the unreadable file first, then show the readable ones, marked partial; nothing is stored")
    func partialOutputs() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let inputs = out + "/inputs"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="AppUITests.LoginTests"><testcase classname="AppUITests.LoginTests" name="testLogin" time="1.0"><failure message="LoginTests.swift:42 - XCTAssertTrue failed - banner not shown"/></testcase><testcase classname="AppUITests.LoginTests" name="testLogout" time="1.0"/></testsuite></testsuites>
        """.write(toFile: inputs + "/login.xml", atomically: true, encoding: .utf8)
        try "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"S\"><testcase classname=\"S\" name=\"t\">"
            .write(toFile: inputs + "/cut.xml", atomically: true, encoding: .utf8)
        let stepSummary = out + "/step-summary.md"
        let result = try await CLIRunner.run(
            ["run", "--out", out, "--annotations", "none", "--run-key", "r1", inputs],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "5", "GITHUB_JOB": "ui", "GITHUB_REF_NAME": "main",
                "GITHUB_STEP_SUMMARY": stepSummary,
            ])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("cut.xml:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: out + "/report.json"))

        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("> [!CAUTION]"), "\(summary.prefix(400))")
        #expect(summary.contains("partial: not stored, not compared with history for gates"))
        let caution = try #require(summary.range(of: "cut.xml:"))
        let readable = try #require(summary.range(of: "AppUITests.LoginTests/testLogin"), "\(summary)")
        #expect(caution.lowerBound < readable.lowerBound)
        // file:line:column of the error.
        #expect(
            summary.range(of: #"cut\.xml:\d+:\d+: error"#, options: .regularExpression) != nil, "\(summary.prefix(600))"
        )
        #expect(!summary.contains("gates passed"), "\(summary.prefix(600))")
        #expect(try String(contentsOfFile: out + "/comment.md", encoding: .utf8).contains("[!CAUTION]"))
        #expect(try String(contentsOfFile: stepSummary, encoding: .utf8).contains("partial: not stored"))
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        let alert = try #require(page.range(of: "class=\"unreadable\" role=\"alert\""))
        #expect(page[alert.upperBound...].contains("cut.xml:"))
        #expect(page.contains("AppUITests.LoginTests/testLogin"))
    }

    @Test("history not read: a test passed on retry is passed on retry, never flaky with a score history never gave")
    func noHistoryNoFlakyVerdict() async throws {
        // xcodebuild's retry shape (xcbeautify): one <testcase> per attempt; testLogin failed, then passed.
        let out = try await Self.runWithoutHistory(
            login: """
                <testcase classname="AppUITests.LoginTests" name="testLogin()" time="1.5"><failure message="LoginTests.swift:31 - XCTAssertTrue failed - banner not shown"/></testcase>
                <testcase classname="AppUITests.LoginTests" name="testLogin()" time="1.5"/>
                <testcase classname="AppUITests.LoginTests" name="testLogout()" time="1.5"/>
                """)

        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(!summary.contains("Flaky tests ("), "\(summary)")
        #expect(!summary.contains("| 0.50 |"), "\(summary)")
        #expect(!summary.contains("🔁 flaky"), "\(summary)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(!page.contains("<span class=\"chip flaky\"><span aria-hidden=\"true\">↻</span> flaky</span>"))
        #expect(!page.contains(">0.50<"))
        // The run itself shows it passed on retry.
        #expect(page.contains("AppUITests.LoginTests/testLogin"))
        #expect(page.contains("passed on retry"))
    }

    @Test("history not read: a quarantined failing test is shown quarantined with its reason, as with history")
    func noHistoryKeepsTheQuarantine() async throws {
        let out = try await Self.runWithoutHistory(
            login: """
                <testcase classname="AppUITests.LoginTests" name="testLogin()" time="1.5"><failure message="LoginTests.swift:31 - XCTAssertTrue failed - banner not shown"/></testcase>
                <testcase classname="AppUITests.LoginTests" name="testLogout()" time="1.5"><failure message="LoginTests.swift:52 - XCTAssertTrue failed - sheet not shown"/></testcase>
                """,
            config: """
                quarantine:
                  - test: "AppUITests.LoginTests/testLogin"
                    reason: "Banner races the keyboard (APP-31)"
                    expires: 2099-12-31

                """)

        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        // testLogin is excused by its quarantine, its reason and expiry under it; testLogout is new.
        let excused = try #require(summary.range(of: "### Failing, not counted as new (1)"), "\(summary)")
        let new = try #require(summary.range(of: "### ❌ New failures (1)"), "\(summary)")
        let excusedList = summary[excused.upperBound...].prefix(400)
        #expect(excusedList.contains("AppUITests.LoginTests/testLogin</code>"), "\(summary)")
        #expect(
            excusedList.contains("quarantined until 2099-12-31: Banner races the keyboard (APP-31)"), "\(summary)")
        #expect(
            summary[new.upperBound...].prefix(200).contains("AppUITests.LoginTests/testLogout</code>"), "\(summary)")
        #expect(summary.contains("> **History not read:** the store could not be read"), "\(summary)")
        #expect(!summary.contains("holds no earlier run"), "\(summary)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("Banner races the keyboard (APP-31)"))
    }

    /// `run` of a JUnit file of LoginTests (`login`, its testcases) and a truncated one, with a store
    /// that is not a database (history not read) and `config` as canopy.yml when given: exit 2, the
    /// note on standard error. Returns the output directory.
    static func runWithoutHistory(login: String, config: String? = nil) async throws -> String {
        let out = try CLIRunner.temporaryDirectory()
        let inputs = out + "/inputs"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="All"><testsuite name="AppUITests.LoginTests">
        \(login)
        </testsuite></testsuites>
        """.write(toFile: inputs + "/login.xml", atomically: true, encoding: .utf8)
        try "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"S\"><testcase classname=\"S\" name=\"t\">"
            .write(toFile: inputs + "/cut.xml", atomically: true, encoding: .utf8)
        var arguments = ["run", "--out", out, "--annotations", "none", "--run-key", "r1"]
        if let config {
            try config.write(toFile: out + "/canopy.yml", atomically: true, encoding: .utf8)
            arguments += ["--config", out + "/canopy.yml"]
        }
        // A store that cannot be opened: history is not read.
        let store = out + "/history.sqlite"
        try "not a SQLite database, a file someone wrote here\n".write(toFile: store, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(arguments + ["--store", store, inputs])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("history not read"), "\(result.stderr)")
        return out
    }
}
