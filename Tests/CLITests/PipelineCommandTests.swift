import Foundation
import Testing

/// End-to-end tests of the commands that store and judge runs, on the built binary.
@Suite("canopy run, ingest, check, report, trend (end to end)", .serialized)
struct PipelineCommandTests {
    let sample = CLIRunner.repository.appendingPathComponent("Reports/samples").path

    private func temporaryDirectory() throws -> String { try CLIRunner.temporaryDirectory() }

    private func night(_ number: Int) -> String { CLIRunner.night(number) }

    private func ingest(_ out: String, _ number: Int, extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["ingest", "--quiet", "--out", out, "--run-key", "night-\(number)", "--commit", "c\(number)", "--branch", "main",
             "--started-at", String(format: "2026-11-%02dT02:00:00Z", number)] + extra + [night(number)])
    }

    @Test("ingest is idempotent: the same run twice is one run")
    func ingestIdempotent() throws {
        let out = try temporaryDirectory()
        #expect(try ingest(out, 1).status == 0)
        let again = try CLIRunner.run(["ingest", "--out", out, "--run-key", "night-1", night(1)])
        #expect(again.status == 0)
        #expect(again.stdout.contains("already stored"))
        let list = try CLIRunner.run(["report", "--list", "--out", out])
        #expect(list.stdout.split(separator: "\n").count == 1)
    }

    @Test("run writes summary, dashboard and report; a failing gate exits 1 and is named")
    func runWritesArtifacts() throws {
        let out = try temporaryDirectory()
        for number in 1...12 { #expect(try ingest(out, number).status == 0) }
        let result = try CLIRunner.run(
            ["run", "--out", out, "--run-key", "night-13", "--commit", "c13", "--branch", "main", "--started-at", "2026-11-13T02:00:00Z", night(13)])
        #expect(result.status == 1)
        #expect(result.stdout.contains("GATE FAILED: no new failures"))
        #expect(result.stdout.contains("AppUITests.SettingsTests/testDarkModeToggle"))
        for file in ["summary.md", "comment.md", "site/index.html", "report.json", "insights.json"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file) missing")
        }
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("testDarkModeToggle"))
        // The pull-request comment starts with the marker a job finds it by; the summary does not.
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        #expect(comment.hasPrefix("<!-- canopy:comment -->\n") && !summary.contains("canopy:comment"))
        // Night 13 has one audit error, as night 12 (another one): the tile compares with the baseline.
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        let tile = try #require(page.range(of: "<span class=\"kpi-label\">Audit errors</span>"))
        let change = page[tile.upperBound...].prefix(200)
        #expect(change.contains("<span class=\"kpi-value\">1</span><span class=\"kpi-change neutral\"><small>no change</small>"), "\(change)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/report.json"))) as? [String: Any])
        #expect(report["schema"] as? String == "canopy.report/1")
    }

    @Test("on GitHub Actions: the summary is appended and ::error annotations are printed")
    func githubActions() throws {
        let out = try temporaryDirectory()
        let summaryFile = out + "/step-summary.md"
        FileManager.default.createFile(atPath: summaryFile, contents: Data("previous step\n".utf8))
        let env = [
            "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summaryFile, "GITHUB_SHA": "abc123", "GITHUB_REF_NAME": "main",
            "GITHUB_RUN_ID": "42", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_REPOSITORY": "acme/podcasts", "GITHUB_SERVER_URL": "https://github.com",
        ]
        let result = try CLIRunner.run(["run", "--out", out, night(13)], environment: env)
        #expect(result.status == 1)
        let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(!annotations.isEmpty)
        #expect(annotations.contains { $0.contains("file=SettingsTests.swift,line=41") })

        // With the app's sources checked out, the file is named from the checkout's root, where
        // GitHub can show the annotation on the line.
        let workspace = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: workspace + "/PodcastsUITests/Settings", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: workspace + "/PodcastsUITests/Settings/SettingsTests.swift", contents: Data())
        var checkedOut = env
        checkedOut["GITHUB_WORKSPACE"] = workspace
        let placed = try CLIRunner.run(["run", "--out", try temporaryDirectory(), night(13)], environment: checkedOut)
        #expect(placed.stdout.contains("::error file=PodcastsUITests/Settings/SettingsTests.swift,line=41"), "\(placed.stdout)")
        let appended = try String(contentsOfFile: summaryFile, encoding: .utf8)
        #expect(appended.hasPrefix("previous step\n"))
        #expect(appended.contains("testDarkModeToggle"))
        let insights = try String(contentsOfFile: out + "/insights.json", encoding: .utf8)
        #expect(insights.contains("github:42"))
    }

    /// A test name is the report writer's text: one holding a line break and `::error` must not
    /// start a line of its own, which GitHub would read as a workflow command.
    @Test("a test name with a line break cannot forge a workflow command")
    func forgedWorkflowCommand() throws {
        let out = try temporaryDirectory()
        let junit = out + "/junit.xml"
        try """
            <testsuites><testsuite name="S"><testcase classname="AppUITests.EvilTests" name="testA&#10;::error title=Injected::fake" time="1">
            <failure message="EvilTests.swift:3 - XCTAssertTrue failed"/></testcase></testsuite></testsuites>
            """.write(toFile: junit, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["run", "--out", out, "--branch", "main", junit],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "1", "GITHUB_WORKSPACE": out])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("::error title=Injected") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("    AppUITests.EvilTests/testA\\n::error title=Injected::fake") }, "\(result.stdout)")
        // The real annotation is still there, its message escaped as GitHub wants.
        #expect(lines.contains { $0.hasPrefix("::error ") && $0.contains("title=AppUITests.EvilTests/testA%0A%3A%3Aerror") }, "\(result.stdout)")
        // A first run has nothing to compare with, and says so.
        #expect(lines.contains { $0.hasPrefix("note: no baseline: ") && $0.contains("every failing test counts as new") }, "\(result.stdout)")
    }

    /// GitHub's runner strips a line's leading spaces before looking for `::`, and its older
    /// parser reads `##[` anywhere: a test named `::add-mask::…` or holding `##[error]`, listed
    /// under a failed gate, must not become a command.
    @Test("a test named like a workflow command is listed under a failed gate without becoming one")
    func workflowCommandNames() throws {
        let out = try temporaryDirectory()
        let junit = out + "/junit.xml"
        try """
            <testsuites><testsuite name="S">
            <testcase classname="::add-mask::secret-value" name="x" time="1"><failure message="XCTAssertTrue failed"/></testcase>
            <testcase classname="AppUITests.Tests" name="y ##[error]injected" time="1"><failure message="XCTAssertTrue failed"/></testcase>
            </testsuite></testsuites>
            """.write(toFile: junit, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["run", "--out", out, "--branch", "main", "--annotations", "github", junit],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "2", "GITHUB_WORKSPACE": out])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.drop { $0 == " " } }
        #expect(!lines.contains { $0.hasPrefix("::") && !$0.hasPrefix("::error ") }, "\(result.stdout)")
        #expect(!lines.contains { !$0.hasPrefix("::error ") && $0.contains("##[") }, "\(result.stdout)")
        #expect(lines.contains { $0 == "\\::add-mask::secret-value/x" }, "\(result.stdout)")
        #expect(lines.contains { $0 == "AppUITests.Tests/y ## [error]injected" }, "\(result.stdout)")
    }

    /// A test that failed and passed on a retry is flaky: a warning on its line, beside the
    /// errors of the new failures.
    @Test("on GitHub a new flaky test is a ::warning annotation on the line of its failure")
    func flakyWarningAnnotations() throws {
        let out = try temporaryDirectory()
        let junit = out + "/junit.xml"
        try """
            <testsuites><testsuite name="AppUITests.CartTests">
            <testcase classname="AppUITests.CartTests" name="testBadge" time="1"><failure message="/Users/ci/app/AppUITests/CartTests.swift:21 - XCTAssertEqual failed: (&quot;2&quot;) is not equal to (&quot;3&quot;)"/></testcase>
            <testcase classname="AppUITests.CartTests" name="testBadge" time="1"/>
            </testsuite></testsuites>
            """.write(toFile: junit, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["run", "--out", out, "--branch", "main", junit], environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "3", "GITHUB_WORKSPACE": out])
        let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning ") }
        #expect(warnings.count == 1, "\(result.stdout)")
        #expect(warnings.first?.contains("title=AppUITests.CartTests/testBadge — flaky%3A failed%2C then passed on a retry::XCTAssertEqual failed") == true, "\(warnings)")
    }

    @Test("a failed gate lists its first 10 tests and says how many more there are")
    func gateListsAreCounted() throws {
        let out = try temporaryDirectory()
        let junit = out + "/junit.xml"
        let cases = (1...12).map { "<testcase classname=\"A.Tests\" name=\"test\($0)\" time=\"1\"><failure message=\"XCTAssertTrue failed\"/></testcase>" }
        try "<testsuites><testsuite name=\"S\">\(cases.joined())</testsuite></testsuites>".write(toFile: junit, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["run", "--out", out, "--branch", "main", junit])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("    A.Tests/") }.count == 10, "\(result.stdout)")
        #expect(lines.contains("    … and 2 more (insights.json lists them all)"), "\(result.stdout)")
    }

    /// A checkout holding `AppUITests/CartTests.swift`, and a JUnit file in it with one failing
    /// `AppUITests.CartTests` test per `(name, message)`.
    static func cartCheckout(failures: [(String, String)]) throws -> (checkout: String, junit: String) {
        let checkout = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: checkout + "/AppUITests", withIntermediateDirectories: true)
        try "// test\n".write(toFile: checkout + "/AppUITests/CartTests.swift", atomically: true, encoding: .utf8)
        let junit = checkout + "/junit.xml"
        let cases = failures.map { "<testcase classname=\"AppUITests.CartTests\" name=\"\($0.0)\" time=\"1\"><failure message=\"\($0.1)\"/></testcase>" }
        try "<testsuites><testsuite name=\"AppUITests.CartTests\">\n\(cases.joined(separator: "\n"))\n</testsuite></testsuites>\n"
            .write(toFile: junit, atomically: true, encoding: .utf8)
        return (checkout, junit)
    }

    /// On GitHub or GitLab the commit and a failure's source line are links into the repository,
    /// and the location is named in the checkout, not on the build machine.
    @Test("on GitHub and GitLab the commit and failure locations link into the repository")
    func sourceLinks() throws {
        let (checkout, junit) = try Self.cartCheckout(failures: [
            ("testPlaced", "/Users/ci/build/AppUITests/CartTests.swift:12 - XCTAssertTrue failed"),
            ("testElsewhere", "/Users/ci/build/Vendor/Other.swift:3 - XCTAssertTrue failed"),
        ])
        let sha = "0123456789abcdef0123456789abcdef01234567"
        let github = try CLIRunner.run(
            ["run", "--out", checkout + "/gh", "--annotations", "none", junit],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "9", "GITHUB_SHA": sha, "GITHUB_REF_NAME": "main", "GITHUB_REPOSITORY": "org/app",
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_WORKSPACE": checkout,
            ])
        #expect(github.status == 1, "\(github.stdout)\(github.stderr)")
        let summary = try String(contentsOfFile: checkout + "/gh/summary.md", encoding: .utf8)
        #expect(summary.contains("commit [0123456789ab](https://github.com/org/app/commit/\(sha))"), "\(summary.prefix(800))")
        #expect(summary.contains("[AppUITests/CartTests.swift:12](https://github.com/org/app/blob/\(sha)/AppUITests/CartTests.swift#L12)"), "\(summary)")
        // A file the checkout does not have stays text, as the producer wrote it.
        #expect(summary.contains(" · <code>/Users/ci/build/Vendor/Other.swift:3</code>\n"), "\(summary)")
        let page = try String(contentsOfFile: checkout + "/gh/site/index.html", encoding: .utf8)
        #expect(page.contains("<a href=\"https://github.com/org/app/blob/\(sha)/AppUITests/CartTests.swift#L12\" rel=\"noopener noreferrer\" target=\"_blank\">AppUITests/CartTests.swift:12</a>"))
        let gitlab = try CLIRunner.run(
            ["run", "--out", checkout + "/gl", "--annotations", "none", junit],
            environment: [
                "GITLAB_CI": "true", "CI_JOB_ID": "5", "CI_COMMIT_SHA": sha, "CI_COMMIT_REF_NAME": "main",
                "CI_PROJECT_URL": "https://gitlab.example.com/org/app", "CI_PROJECT_DIR": checkout,
            ])
        #expect(gitlab.status == 1)
        let gitlabSummary = try String(contentsOfFile: checkout + "/gl/summary.md", encoding: .utf8)
        #expect(gitlabSummary.contains("(https://gitlab.example.com/org/app/-/blob/\(sha)/AppUITests/CartTests.swift#L12)"), "\(gitlabSummary)")
        #expect(gitlabSummary.contains("(https://gitlab.example.com/org/app/-/commit/\(sha))"))
    }

    /// GitLab places a Code Quality issue by a repository file: a failure without one is left out
    /// (not named by its test), and lines start at 1; GitHub gets no `line=0`.
    @Test("GitLab Code Quality issues name repository files from line 1; GitHub annotations never say line=0")
    func annotationLocations() throws {
        let (checkout, junit) = try Self.cartCheckout(failures: [
            ("testPlaced", "/Users/ci/build/AppUITests/CartTests.swift:12 - XCTAssertTrue failed"),
            ("testLineZero", "/Users/ci/build/AppUITests/CartTests.swift:0 - XCTAssertTrue failed"),
            ("testNowhere", "Lost connection to the application (pid 49916)"),
        ])
        let out = checkout + "/Reports"
        let gitlab = try CLIRunner.run(
            ["run", "--out", out, "--branch", "main", "--annotations", "gitlab", junit], environment: ["GITLAB_CI": "true", "CI_PROJECT_DIR": checkout])
        #expect(gitlab.status == 1, "\(gitlab.stdout)\(gitlab.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/gl-code-quality.json"))
        let issues = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let locations = issues.compactMap { $0["location"] as? [String: Any] }
        #expect(locations.compactMap { $0["path"] as? String } == ["AppUITests/CartTests.swift", "AppUITests/CartTests.swift"])
        #expect(locations.compactMap { ($0["lines"] as? [String: Any])?["begin"] as? Int }.allSatisfy { $0 >= 1 })
        let github = try CLIRunner.run(
            ["run", "--out", out, "--branch", "main", "--run-key", "gh", junit],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "1", "GITHUB_WORKSPACE": checkout])
        let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 3, "\(github.stdout)")
        #expect(!github.stdout.contains("line=0"), "\(github.stdout)")
        #expect(annotations.contains { $0.hasPrefix("::error file=AppUITests/CartTests.swift,line=12,") }, "\(github.stdout)")
    }

    @Test("check passes and fails by the configured gates without storing anything")
    func checkGates() throws {
        let out = try temporaryDirectory()
        for number in 1...11 { #expect(try ingest(out, number).status == 0) }
        let strict = out + "/strict.yml"
        try "gates:\n  minimumCoverage: 0.99\n  maximumNewFailures: 0\n".write(toFile: strict, atomically: true, encoding: .utf8)
        let lenient = out + "/lenient.yml"
        try "gates:\n  maximumNewFailures: 5\n  maximumNewAuditErrors: 5\n".write(toFile: lenient, atomically: true, encoding: .utf8)
        let failing = try CLIRunner.run(["check", "--out", out, "--config", strict, "--branch", "main", night(12)])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("GATE FAILED: minimum identifier coverage"))
        let passing = try CLIRunner.run(["check", "--out", out, "--config", lenient, "--branch", "main", night(12)])
        #expect(passing.status == 0)
        #expect(!passing.stdout.contains("GATE FAILED"))
        let list = try CLIRunner.run(["report", "--list", "--out", out])
        #expect(list.stdout.split(separator: "\n").count == 11)
    }

    @Test("test results holding no test fail the tests gate; a config can turn it off")
    func emptyResults() throws {
        let out = try temporaryDirectory()
        let empty = out + "/junit.xml"
        try "<testsuites name=\"AppUITests\" tests=\"0\"></testsuites>".write(toFile: empty, atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["run", "--out", out + "/r", "--branch", "main", empty])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("GATE FAILED: at least 1 test — 0 test(s) in the test results"), "\(run.stdout)")
        #expect(try String(contentsOfFile: out + "/r/summary.md", encoding: .utf8).contains("at least 1 test"))
        let off = out + "/off.yml"
        try "gates:\n  minimumTests: 0\n".write(toFile: off, atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", "--out", out + "/r", "--config", off, empty])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test("a trend over one run has no state changes: nothing came before it in the window")
    func trendOfOneRun() throws {
        let out = try temporaryDirectory()
        #expect(try ingest(out, 13).status == 0)
        let trend = try CLIRunner.run(["trend", "--out", out, "--runs", "5"])
        #expect(trend.status == 0, "\(trend.stderr)")
        #expect(trend.stdout.contains("trend over 1 run, 0 test(s) changed state"), "\(trend.stdout)")
        // The trend page has no tests of its own: no empty Tests tab.
        let page = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
        #expect(page.contains("id=\"tab-trend\"") && !page.contains("id=\"tab-tests\""))
        // The latest run's figures are compared with the window's first run, and the page says so.
        #expect(page.contains("first run (c13)</code>"), "\(page.prefix(3000))")
        #expect(!page.contains("no baseline"))
    }

    /// A Jenkins pipeline job sets no GIT_COMMIT or GIT_BRANCH: the checkout's git says them.
    @Test("on CI, what the provider does not say comes from the checkout's git")
    func ciFallsBackToGit() throws {
        let checkout = try temporaryDirectory()
        func git(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "-c", "init.defaultBranch=feature/x"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: checkout)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try git(["init", "-q"])
        try git(["commit", "-q", "--allow-empty", "-m", "x"])
        let out = try temporaryDirectory()
        let result = try CLIRunner.run(
            ["ingest", "--quiet", "--out", out, night(12)], environment: ["JENKINS_URL": "http://jenkins", "BUILD_TAG": "jenkins-app-5"],
            directory: checkout)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try CLIRunner.run(["report", "--list", "--out", out]).stdout
        #expect(list.contains("\tfeature/x\t"), "\(list)")
    }

    @Test("report judges a stored run over the window run used: windowRuns applies as windowDays does")
    func reportUsesTheRunWindow() throws {
        let out = try temporaryDirectory()
        for number in 1...8 { #expect(try ingest(out, number).status == 0) }
        let config = out + "/window.yml"
        try "flakiness:\n  windowRuns: 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["report", "--config", config, "--out", out, "--run", "night-8"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let section = try #require(summary.range(of: "### 🔁 Flaky tests and state changes"))
        let rows = summary[section.upperBound...].split(separator: "\n").dropFirst(3).prefix { $0.hasPrefix("| ") }
        #expect(!rows.isEmpty, "\(summary)")
        // | score | test | state | runs | …: no test is judged over more than the window's 3 runs.
        let runs = rows.compactMap { Int($0.components(separatedBy: " | ")[3].trimmingCharacters(in: .whitespaces)) }
        #expect(runs.count == rows.count && runs.allSatisfy { $0 <= 3 }, "\(rows)")
    }

    /// `check` judges a run as `run` will once it is stored: a run from the past against the run
    /// before it, not against the latest run.
    @Test("check of a run started in the past compares it with the run before it, as run does")
    func checkInThePast() throws {
        let out = try temporaryDirectory()
        for number in [12, 13] { #expect(try ingest(out, number).status == 0) }
        let past = ["--out", out, "--branch", "main", "--commit", "x12b", "--started-at", "2026-11-12T12:00:00Z", night(13)]
        let check = try CLIRunner.run(["check"] + past)
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("against c12"), "\(check.stdout)")
        #expect(check.stdout.contains("GATE FAILED: no new failures"), "\(check.stdout)")
        let run = try CLIRunner.run(["run", "--run-key", "x12b"] + past)
        #expect(run.status == check.status, "\(run.stdout)")
    }

    @Test("quarantined tests do not fail the gate until the entry expires")
    func quarantine() throws {
        let out = try temporaryDirectory()
        for number in 12...12 { #expect(try ingest(out, number).status == 0) }
        let config = out + "/q.yml"
        try """
            gates:
              maximumNewAuditErrors: 10
            quarantine:
              - test: "AppUITests.SettingsTests/*"
                reason: dark mode rework
                expires: 2999-01-01
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--out", out, "--config", config, "--branch", "main", night(13)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The run's summary and page say which failure was left out, and why.
        let run = try CLIRunner.run(["run", "--out", out, "--config", config, "--run-key", "n13", "--branch", "main", night(13)])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("### Failing, not counted as new (1)\n\n- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code>"), "\(summary)")
        #expect(summary.contains("  - quarantined until 2999-01-01: dark mode rework\n  - XCTAssertEqual failed"), "\(summary)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("No new failures that the gate counts.</p>"))
        let notCounted = try #require(page.range(of: "<h3>Failing, not counted as new <span class=\"count\">1</span></h3>"))
        let item = page[notCounted.upperBound...].prefix { $0 != "\n" }.components(separatedBy: "</li>").first ?? ""
        #expect(item.contains("<code>AppUITests.SettingsTests/testDarkModeToggle</code>"), "\(item)")
        #expect(item.contains("<p class=\"f-note muted\">quarantined until 2999-01-01: dark mode rework</p>"), "\(item)")
        #expect(item.contains("<p class=\"msg\">XCTAssertEqual failed"), "\(item)")
        try """
            gates:
              maximumNewAuditErrors: 10
            quarantine:
              - test: "AppUITests.SettingsTests/*"
                expires: 2001-01-01
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let expired = try CLIRunner.run(["check", "--out", out, "--config", config, "--branch", "main", night(13)])
        #expect(expired.status == 1)
        #expect(expired.stdout.contains("warning: quarantine entry for AppUITests.SettingsTests/* expired"), "\(expired.stdout)")
        // A misspelt audit type matched nothing, silently.
        try """
            quarantine:
              - identifier: "Login.ForgotPassword"
                auditType: contrst
                expires: 2999-01-01
              - identifier: "Login.ForgotPassword"
                auditType: contrast
                expires: 2999-01-01
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let typo = try CLIRunner.run(["check", "--out", out, "--config", config, "--branch", "main", night(13)])
        #expect(typo.stdout.contains("warning: quarantine entry for Login.ForgotPassword names auditType 'contrst', which is none of the audit types Canopy knows ("), "\(typo.stdout)")
        #expect(!typo.stdout.contains("auditType 'contrast'"), "\(typo.stdout)")
    }

    /// The CI report actions fail a step on any failure; history's fair gate is `maximumNewFailures`.
    /// Night 14 fails two tests, neither new: its gates pass unless `maximumFailures` is set.
    @Test("gates.maximumFailures counts every failing test, new or not, quarantined ones left out")
    func maximumFailures() throws {
        let out = try temporaryDirectory()
        for number in 1...13 { #expect(try ingest(out, number).status == 0) }
        let config = out + "/g.yml"
        try "gates:\n  maximumFailures: 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let plain = try CLIRunner.run(["check", "--out", out, "--branch", "main", night(14)])
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(!plain.stdout.contains("failing test(s), new or not"))
        let strict = try CLIRunner.run(["check", "--out", out, "--config", config, "--branch", "main", night(14)])
        #expect(strict.status == 1, "\(strict.stdout)")
        #expect(strict.stdout.contains("✗ GATE FAILED: no failing tests — 2 failing test(s), new or not, at most 0 allowed"), "\(strict.stdout)")
        try "gates:\n  maximumFailures: 1\nquarantine:\n  - test: \"AppUITests.SettingsTests/*\"\n    expires: 2999-01-01\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let quarantined = try CLIRunner.run(["check", "--out", out, "--config", config, "--branch", "main", night(14)])
        #expect(quarantined.status == 0, "\(quarantined.stdout)")
        #expect(quarantined.stdout.contains("✓ gate passed: at most 1 failing tests — 1 failing test(s), new or not, at most 1 allowed"), "\(quarantined.stdout)")
    }

    @Test(
        "configuration errors exit 2 naming the key path",
        arguments: [
            ("gates:\n  minimumCoverag: 0.5\n", "gates.minimumCoverag"),
            ("gates:\n  minimumCoverage: high\n", "gates.minimumCoverage"),
            ("categories:\n  - name: x\n    pattern: '([unclosed'\n", "categories[0].pattern"),
            ("flakiness:\n  windowDays: -3\n", "flakiness.windowDays"),
            ("unknownSection: 1\n", "unknownSection"),
            // A syntax error is one line, `file:line:column: error: not valid YAML: …`.
            ("gates: [1, 2\n", "bad.yml:2:1: error: not valid YAML: did not find expected ',' or ']'"),
            // A number where a path or URL goes is a mistake, not a store named "5".
            ("store: 5\n", "bad.yml:1:8: error: at store: expected a path or postgres:// URL, found the number 5"),
            ("gates:\n  maximumFailuresPerCategory:\n    appCrashd: 0\n", "gates.maximumFailuresPerCategory.appCrashd"),
            // Keys read only when present are still named in the unknown-key message.
            ("gates:\n  maximumNewFailure: 0\n", "maximumNewFailures"),
            // A day the calendar does not have is not rolled over into the next month.
            ("quarantine:\n  - test: \"A/*\"\n    expires: 2026-13-01\n", "bad.yml:3:14: error: at quarantine[0].expires: '2026-13-01' is not a date"),
            // A repeated key is named at the repeat, with its key path.
            ("gates:\n  maximumNewFailures: 0\n  maximumNewFailures: 3\n", "bad.yml:3:3: error: at gates.maximumNewFailures: duplicate key; it is first set at line 2, column 3"),
        ])
    func configurationErrors(_ yaml: String, _ keyPath: String) throws {
        let out = try temporaryDirectory()
        let config = out + "/bad.yml"
        try yaml.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--out", out, "--config", config, night(1)])
        #expect(result.status == 2)
        #expect(result.stderr.contains(keyPath), "\(result.stderr)")
        #expect(result.stderr.contains("bad.yml"))
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 1, "\(result.stderr)")
    }

    @Test("a --config that is a directory says so")
    func configIsADirectory() throws {
        let out = try temporaryDirectory()
        let result = try CLIRunner.run(["check", "--out", out, "--config", out, night(1)])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(out): error: it is a directory; give --config a YAML file such as Config/canopy.yml"), "\(result.stderr)")
    }

    @Test("a bad input stores nothing and exits 2")
    func badInputStoresNothing() throws {
        let out = try temporaryDirectory()
        let result = try CLIRunner.run(["run", "--out", out, night(1), CLIRunner.fixture("junit/truncated.xml")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("truncated.xml:6:"))
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    @Test("report renders a stored run; trend renders the window")
    func reportAndTrend() throws {
        let out = try temporaryDirectory()
        for number in 1...5 { #expect(try ingest(out, number).status == 0) }
        let report = try CLIRunner.run(["report", "--out", out, "--run", "night-3"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/site/index.html"))
        // A stored run with a failing test: its report judges no gates, so it does not say they passed.
        #expect(try ingest(out, 13).status == 0)
        #expect(try CLIRunner.run(["report", "--out", out, "--run", "night-13"]).status == 0)
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("## ❌ Tests failed — "), "\(summary.prefix(200))")
        // Compared with the run before it on its branch, as `run` compared it: night 13 broke
        // testDarkModeToggle, listed with its stored (normalised) message and cause.
        #expect(summary.contains("compared with <code>c5</code>"), "\(summary.prefix(600))")
        #expect(summary.contains("| Failed | 1 | +1 🔴 worse |"), "\(summary)")
        let newSection = try #require(summary.range(of: "### ❌ New failures (1)")).upperBound
        let item = summary[newSection...].split(separator: "\n").drop { !$0.hasPrefix("- ❌ ") }.prefix(3).map(String.init)
        #expect(item.first == "- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code>", "\(item)")
        #expect(item.count == 3 && item[1].hasPrefix("  - XCTAssertEqual") && item[2].hasPrefix("  - cause **assertion**: "), "a message and its cause: \(item)")
        // The Tests view names a test's device once, in its key.
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("testApplePaySheet@iPad Air 13-inch (M2) (18.2)"))
        #expect(!page.contains("(18.2)@iPad"))
        // --baseline names another stored run; an unknown one is exit 2.
        #expect(try CLIRunner.run(["report", "--out", out, "--run", "night-13", "--baseline", "night-3"]).status == 0)
        let against3 = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(against3.contains("compared with <code>c3</code>"), "\(against3.prefix(600))")
        let unknownBaseline = try CLIRunner.run(["report", "--out", out, "--run", "night-13", "--baseline", "nope"])
        #expect(unknownBaseline.status == 2 && unknownBaseline.stderr.contains("'nope'"), "\(unknownBaseline.stderr)")
        let itself = try CLIRunner.run(["report", "--out", out, "--run", "night-13", "--baseline", "night-13"])
        #expect(itself.status == 2 && itself.stderr.contains("names the run being reported"), "\(itself.stderr)")
        let listing = try CLIRunner.run(["report", "--out", out, "--list", "--baseline", "night-3"])
        #expect(listing.status == 2 && listing.stderr.contains("--list"), "\(listing.stderr)")
        // The first run has no baseline.
        #expect(try CLIRunner.run(["report", "--out", out, "--run", "night-1"]).status == 0)
        #expect(try !String(contentsOfFile: out + "/summary.md", encoding: .utf8).contains("compared with"))
        let missing = try CLIRunner.run(["report", "--out", out, "--run", "nope"])
        #expect(missing.status == 2)
        let trend = try CLIRunner.run(["trend", "--out", out, "--runs", "5"])
        #expect(trend.status == 0, "\(trend.stderr)")
        #expect(trend.stdout.contains("trend over 5 runs"))
        let html = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
        #expect(html.contains("Content-Security-Policy"))
    }

    @Test("report of a stored run draws the identifier tree and branch coverage exactly as run drew them")
    func storedTreeMatchesTheRun() throws {
        let out = try temporaryDirectory()
        for number in [12, 13] {
            let result = try CLIRunner.run(
                ["run", "-q", "--annotations", "none", "--out", out, "--run-key", "night-\(number)", "--commit", "c\(number)",
                 "--branch", "main", "--started-at", "2026-11-\(number)T02:00:00Z", night(number)])
            #expect(result.status <= 1, "\(result.stderr)")
        }
        let reported = out + "/reported"
        let report = try CLIRunner.run(["report", "--store", out + "/history.sqlite", "--out", reported, "--run", "night-13"])
        #expect(report.status == 0, "\(report.stderr)")
        // From the first tree node to the end of the branch-coverage treemap.
        func tree(_ path: String) throws -> Substring {
            let page = try String(contentsOfFile: path, encoding: .utf8)
            let start = try #require(page.range(of: "class=\"node\" title=\"")).lowerBound
            let heading = try #require(page.range(of: "Coverage by branch", range: start..<page.endIndex)).upperBound
            let end = try #require(page.range(of: "</section>", range: heading..<page.endIndex)).upperBound
            return page[start..<end]
        }
        let live = try tree(out + "/site/index.html")
        #expect(live.contains("title=\"Checkout.PaymentSheet\""), "an inner node")
        #expect(try tree(reported + "/site/index.html") == live)
        // The failures by identifier and the clusters too, from the stored failures.
        func section(_ path: String, from heading: String) throws -> Substring {
            let summary = try String(contentsOfFile: path, encoding: .utf8)
            let start = try #require(summary.range(of: heading)).lowerBound
            let end = summary.range(of: "\n### ", range: summary.index(after: start)..<summary.endIndex)?.lowerBound ?? summary.endIndex
            return summary[start..<end]
        }
        for heading in ["### 🌳 Failures by identifier", "**Clusters**"] {
            let own = try section(out + "/summary.md", from: heading)
            #expect(own.contains("PayButton"))
            #expect(try section(reported + "/summary.md", from: heading) == own, "\(heading)")
        }
    }

    @Test("the sample history tells its story: flaky tests, broken on night 10 and fixed on 12, broken on 13")
    func sampleStory() throws {
        let out = try temporaryDirectory()
        let config = sample + "/canopy.yml"
        for number in 1...13 { #expect(try ingest(out, number, extra: ["--config", config]).status == 0) }
        let result = try CLIRunner.run(
            ["run", "--config", config, "--out", out, "--run-key", "night-14", "--commit", "c14", "--branch", "main",
             "--started-at", "2026-11-14T02:00:00Z", night(14)])
        // testScrubbing fails again on night 14, but history knows it is flaky: not a new failure.
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("note: 1 failing test(s) are known to be flaky"), "\(result.stdout)")
        let summary14 = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary14.contains("- ❌ <code>PlayerUITests.PlayerTests/testScrubbing</code> · "), "\(summary14)")
        #expect(summary14.contains("  - known flaky\n  - Asynchronous wait failed"), "\(summary14)")
        // testDarkModeToggle broke on night 13 and fails again: not new, but not hidden either.
        #expect(summary14.contains("### Still failing (1), failing in the baseline too\n\n- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code> · "), "\(summary14)")
        #expect(summary14.contains("  - failing since c13\n  - XCTAssertEqual failed"), "\(summary14)")
        let html14 = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        // The dashboard's trend lists the state changes `canopy trend` finds in that window.
        let trendPanel = try #require(html14.range(of: "Tests that changed state <span class=\"count\">"))
        #expect(!html14[trendPanel.upperBound...].hasPrefix("0<"), "the dashboard's trend lists no state change")
        // A test that did not fail tonight shows its last failure from history (normalised):
        // testFilterChips, fixed on night 12, last failed on night 11.
        let flakyView = try #require(html14.range(of: "id=\"view-flaky\""))
        let chips = try #require(html14.range(of: "<code>AppUITests.SearchTests/testFilterChips</code>", range: flakyView.upperBound..<html14.endIndex))
        let row = html14[chips.upperBound...].prefix { $0 != "\n" }.prefix(while: { _ in true }).split(separator: "</tr>").first ?? ""
        #expect(row.contains("Failed to tap &quot;Search.Filter.Chip-{id}&quot; Button"), "\(row)")
        // Causes that did not occur are not listed as rows of zeros.
        #expect(!summary14.contains(" | 0 | 0 |\n"), "\(summary14)")
        let still = try #require(html14.range(of: "<h3>Still failing, as in the baseline <span class=\"count\">1</span></h3>"))
        let stillItem = html14[still.upperBound...].prefix { $0 != "\n" }.components(separatedBy: "</li>").first ?? ""
        #expect(stillItem.contains("<code>AppUITests.SettingsTests/testDarkModeToggle</code>"), "\(stillItem)")
        #expect(stillItem.contains("<p class=\"f-note muted\">failing since c13</p>"), "\(stillItem)")
        let insights = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/insights.json"))) as? [String: Any])
        // What the gate did not count, and why, is in insights.json too.
        let excused = try #require(insights["excusedFailures"] as? [[String: Any]])
        #expect(excused.map { $0["test"] as? String } == ["PlayerUITests.PlayerTests/testScrubbing"])
        #expect(excused.first?["reason"] as? String == "known flaky")
        let flakiness = try #require(insights["flakiness"] as? [[String: Any]])
        func state(_ test: String) -> [String: Any]? {
            flakiness.first { (($0["key"] as? [String: Any])?["testKey"] as? String) == test }?["state"] as? [String: Any]
        }
        #expect(state("AppUITests.FeedTests/testPullToRefresh")?["flaky"] != nil)
        #expect(state("PlayerUITests.PlayerTests/testScrubbing")?["flaky"] != nil)
        #expect((state("AppUITests.SearchTests/testFilterChips")?["fixed"] as? [String: Any])?["at"] as? String == "c12")
        #expect((state("AppUITests.SettingsTests/testDarkModeToggle")?["newlyBroken"] as? [String: Any])?["since"] as? String == "c13")
        let scores = flakiness.compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted(by: >))
        // Two checkout tests fail flakily on the PayButton's hit point on iPad: a flaky element.
        let ipad = "@iPad Air 13-inch (M2) (18.2)"
        let elements = try #require(insights["flakyElements"] as? [[String: Any]])
        #expect(elements.first?["identifier"] as? String == "Checkout.PaymentSheet.PayButton")
        #expect(elements.first?["tests"] as? [String] == [
            "CheckoutUITests.CheckoutTests/testApplePaySheet" + ipad, "CheckoutUITests.CheckoutTests/testApplyCoupon" + ipad,
        ])
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let section = try #require(summary.range(of: "### 🎯 Flaky elements (1)")).upperBound
        #expect(summary[section...].contains("| <code>Checkout.PaymentSheet.PayButton</code> | 2 |"))
        let html = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(html.contains("<h2>Flaky elements <span class=\"count\">1</span></h2>"))
        // A test's key names its device once.
        #expect(summary.contains("testApplePaySheet@iPad Air 13-inch (M2) (18.2)</code>"))
        #expect(!summary.contains("(18.2)@iPad"))
        let trend = try CLIRunner.run(["trend", "--config", config, "--out", out, "--runs", "14"])
        #expect(trend.stdout.contains("trend over 14 runs"))
        // The trend's and a stored run's flaky tests show their last failure from history too.
        let reported = try CLIRunner.run(["report", "--config", config, "--out", out + "/r13", "--store", out + "/history.sqlite", "--run", "night-13"])
        #expect(reported.status == 0, "\(reported.stderr)")
        for page in [out + "/trend/index.html", out + "/r13/site/index.html"] {
            let text = try String(contentsOfFile: page, encoding: .utf8)
            let view = try #require(text.range(of: "id=\"view-flaky\""), "\(page)")
            let chips = try #require(text.range(of: "<code>AppUITests.SearchTests/testFilterChips</code>", range: view.upperBound..<text.endIndex), "\(page)")
            let row = text[chips.upperBound...].split(separator: "</tr>").first ?? ""
            #expect(row.contains("Failed to tap &quot;Search.Filter.Chip-{id}&quot; Button"), "\(page): \(row)")
        }
    }

    @Test("a store URL's password never appears in output")
    func passwordRedacted() throws {
        let out = try temporaryDirectory()
        let result = try CLIRunner.run(["ingest", "--out", out, "--store", "postgres://canopy:s3cr3t-pw@127.0.0.1:1/nowhere", night(1)])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("s3cr3t-pw"))
        #expect(!result.stdout.contains("s3cr3t-pw"))
    }
}
