import Foundation
import Testing

extension PipelineCommandTests {
    @Suite("on CI: annotations, links and what the provider does not say")
    struct Annotations: SampleHistoryCommands {
        @Test("on GitHub Actions: the summary is appended and ::error annotations are printed")
        func githubActions() async throws {
            let out = try temporaryDirectory()
            let summaryFile = out + "/step-summary.md"
            FileManager.default.createFile(atPath: summaryFile, contents: Data("previous step\n".utf8))
            let env = [
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summaryFile, "GITHUB_SHA": "abc123",
                "GITHUB_REF_NAME": "main",
                "GITHUB_RUN_ID": "42", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_REPOSITORY": "acme/podcasts",
                "GITHUB_SERVER_URL": "https://github.com",
                // A workspace without the app's sources (this repository holds a sample app's).
                "GITHUB_WORKSPACE": try temporaryDirectory(),
            ]
            let result = try await CLIRunner.run(["run", "--out", out, night(13)], environment: env)
            #expect(result.status == 1)
            let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
            #expect(!annotations.isEmpty)
            #expect(annotations.contains { $0.contains("file=SettingsTests.swift,line=41") })

            // With the app's sources checked out, the file is named from the checkout's root, where
            // GitHub can show the annotation on the line.
            let workspace = try temporaryDirectory()
            try FileManager.default.createDirectory(
                atPath: workspace + "/PodcastsUITests/Settings", withIntermediateDirectories: true)
            FileManager.default.createFile(
                atPath: workspace + "/PodcastsUITests/Settings/SettingsTests.swift", contents: Data())
            var checkedOut = env
            checkedOut["GITHUB_WORKSPACE"] = workspace
            let placed = try await CLIRunner.run(
                ["run", "--out", try temporaryDirectory(), night(13)], environment: checkedOut)
            #expect(
                placed.stdout.contains("::error file=PodcastsUITests/Settings/SettingsTests.swift,line=41"),
                "\(placed.stdout)")
            let appended = try String(contentsOfFile: summaryFile, encoding: .utf8)
            #expect(appended.hasPrefix("previous step\n"))
            #expect(appended.contains("testDarkModeToggle"))
            let insights = try String(contentsOfFile: out + "/insights.json", encoding: .utf8)
            #expect(insights.contains("github:42"))
        }

        /// A test name is the report writer's text: one holding a line break and `::error` must not
        /// start a line of its own, which GitHub would read as a workflow command.
        @Test("a test name with a line break cannot forge a workflow command")
        func forgedWorkflowCommand() async throws {
            let out = try temporaryDirectory()
            let junit = out + "/junit.xml"
            try """
            <testsuites><testsuite name="S"><testcase classname="AppUITests.EvilTests" name="testA&#10;::error title=Injected::fake" time="1">
            <failure message="EvilTests.swift:3 - XCTAssertTrue failed"/></testcase></testsuite></testsuites>
            """.write(toFile: junit, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(
                ["run", "--out", out, "--branch", "main", junit],
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "1", "GITHUB_WORKSPACE": out])
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(!lines.contains { $0.hasPrefix("::error title=Injected") }, "\(result.stdout)")
            #expect(
                lines.contains { $0.hasPrefix("    AppUITests.EvilTests/testA\\n::error title=Injected::fake") },
                "\(result.stdout)")
            // The real annotation is still there, its message escaped as GitHub wants.
            #expect(
                lines.contains {
                    $0.hasPrefix("::error ") && $0.contains("title=AppUITests.EvilTests/testA%0A%3A%3Aerror")
                }, "\(result.stdout)")
            // A first run has nothing to compare with, and says so.
            #expect(
                lines.contains {
                    $0.hasPrefix("note: no baseline: ") && $0.contains("every failing test counts as new")
                }, "\(result.stdout)")
        }

        /// GitHub's runner strips a line's leading spaces before looking for `::`, and its older
        /// parser reads `##[` anywhere: a test named `::add-mask::…` or holding `##[error]`, listed
        /// under a failed gate, must not become a command.
        @Test("a test named like a workflow command is listed under a failed gate without becoming one")
        func workflowCommandNames() async throws {
            let out = try temporaryDirectory()
            let junit = out + "/junit.xml"
            try """
            <testsuites><testsuite name="S">
            <testcase classname="::add-mask::secret-value" name="x" time="1"><failure message="XCTAssertTrue failed"/></testcase>
            <testcase classname="AppUITests.Tests" name="y ##[error]injected" time="1"><failure message="XCTAssertTrue failed"/></testcase>
            </testsuite></testsuites>
            """.write(toFile: junit, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(
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
        func flakyWarningAnnotations() async throws {
            let out = try temporaryDirectory()
            let junit = out + "/junit.xml"
            try """
            <testsuites><testsuite name="AppUITests.CartTests">
            <testcase classname="AppUITests.CartTests" name="testBadge" time="1"><failure message="/Users/ci/app/AppUITests/CartTests.swift:21 - XCTAssertEqual failed: (&quot;2&quot;) is not equal to (&quot;3&quot;)"/></testcase>
            <testcase classname="AppUITests.CartTests" name="testBadge" time="1"/>
            </testsuite></testsuites>
            """.write(toFile: junit, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(
                ["run", "--out", out, "--branch", "main", junit],
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "3", "GITHUB_WORKSPACE": out])
            let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning ") }
            #expect(warnings.count == 1, "\(result.stdout)")
            #expect(
                warnings.first?.contains(
                    "title=AppUITests.CartTests/testBadge — flaky%3A failed%2C then passed on a retry::XCTAssertEqual failed"
                ) == true, "\(warnings)")
        }

        /// A checkout holding `AppUITests/CartTests.swift`, and a JUnit file in it with one failing
        /// `AppUITests.CartTests` test per `(name, message)`.
        static func cartCheckout(failures: [(String, String)]) throws -> (checkout: String, junit: String) {
            let checkout = try CLIRunner.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: checkout + "/AppUITests", withIntermediateDirectories: true)
            try "// test\n".write(toFile: checkout + "/AppUITests/CartTests.swift", atomically: true, encoding: .utf8)
            let junit = checkout + "/junit.xml"
            let cases = failures.map {
                "<testcase classname=\"AppUITests.CartTests\" name=\"\($0.0)\" time=\"1\"><failure message=\"\($0.1)\"/></testcase>"
            }
            try
                "<testsuites><testsuite name=\"AppUITests.CartTests\">\n\(cases.joined(separator: "\n"))\n</testsuite></testsuites>\n"
                .write(toFile: junit, atomically: true, encoding: .utf8)
            return (checkout, junit)
        }

        /// On GitHub or GitLab the commit and a failure's source line are links into the repository,
        /// and the location is named in the checkout, not on the build machine.
        @Test("on GitHub and GitLab the commit and failure locations link into the repository")
        func sourceLinks() async throws {
            let (checkout, junit) = try Self.cartCheckout(failures: [
                ("testPlaced", "/Users/ci/build/AppUITests/CartTests.swift:12 - XCTAssertTrue failed"),
                ("testElsewhere", "/Users/ci/build/Vendor/Other.swift:3 - XCTAssertTrue failed"),
            ])
            let sha = "0123456789abcdef0123456789abcdef01234567"
            let github = try await CLIRunner.run(
                ["run", "--out", checkout + "/gh", "--annotations", "none", junit],
                environment: [
                    "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "9", "GITHUB_SHA": sha, "GITHUB_REF_NAME": "main",
                    "GITHUB_REPOSITORY": "org/app",
                    "GITHUB_SERVER_URL": "https://github.com", "GITHUB_WORKSPACE": checkout,
                ])
            #expect(github.status == 1, "\(github.stdout)\(github.stderr)")
            let summary = try String(contentsOfFile: checkout + "/gh/summary.md", encoding: .utf8)
            #expect(
                summary.contains("commit [0123456789ab](https://github.com/org/app/commit/\(sha))"),
                "\(summary.prefix(800))")
            #expect(
                summary.contains(
                    "[AppUITests/CartTests.swift:12](https://github.com/org/app/blob/\(sha)/AppUITests/CartTests.swift#L12)"
                ), "\(summary)")
            // A file the checkout does not have stays text, as the producer wrote it.
            #expect(summary.contains(" · <code>/Users/ci/build/Vendor/Other.swift:3</code>\n"), "\(summary)")
            let page = try String(contentsOfFile: checkout + "/gh/site/index.html", encoding: .utf8)
            #expect(
                page.contains(
                    "<a href=\"https://github.com/org/app/blob/\(sha)/AppUITests/CartTests.swift#L12\" rel=\"noopener noreferrer\" target=\"_blank\">AppUITests/CartTests.swift:12</a>"
                ))
            let gitlab = try await CLIRunner.run(
                ["run", "--out", checkout + "/gl", "--annotations", "none", junit],
                environment: [
                    "GITLAB_CI": "true", "CI_JOB_ID": "5", "CI_COMMIT_SHA": sha, "CI_COMMIT_REF_NAME": "main",
                    "CI_PROJECT_URL": "https://gitlab.example.com/org/app", "CI_PROJECT_DIR": checkout,
                ])
            #expect(gitlab.status == 1)
            let gitlabSummary = try String(contentsOfFile: checkout + "/gl/summary.md", encoding: .utf8)
            #expect(
                gitlabSummary.contains(
                    "(https://gitlab.example.com/org/app/-/blob/\(sha)/AppUITests/CartTests.swift#L12)"),
                "\(gitlabSummary)")
            #expect(gitlabSummary.contains("(https://gitlab.example.com/org/app/-/commit/\(sha))"))
        }

        /// GitLab places a Code Quality issue by a repository file: a failure without one is left out
        /// (not named by its test), and lines start at 1; GitHub gets no `line=0`.
        @Test("GitLab Code Quality issues name repository files from line 1; GitHub annotations never say line=0")
        func annotationLocations() async throws {
            let (checkout, junit) = try Self.cartCheckout(failures: [
                ("testPlaced", "/Users/ci/build/AppUITests/CartTests.swift:12 - XCTAssertTrue failed"),
                ("testLineZero", "/Users/ci/build/AppUITests/CartTests.swift:0 - XCTAssertTrue failed"),
                ("testNowhere", "Lost connection to the application (pid 49916)"),
            ])
            let out = checkout + "/Reports"
            let gitlab = try await CLIRunner.run(
                ["run", "--out", out, "--branch", "main", "--annotations", "gitlab", junit],
                environment: ["GITLAB_CI": "true", "CI_PROJECT_DIR": checkout])
            #expect(gitlab.status == 1, "\(gitlab.stdout)\(gitlab.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: out + "/gl-code-quality.json"))
            let issues = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let locations = issues.compactMap { $0["location"] as? [String: Any] }
            #expect(
                locations.compactMap { $0["path"] as? String } == [
                    "AppUITests/CartTests.swift", "AppUITests/CartTests.swift",
                ])
            #expect(locations.compactMap { ($0["lines"] as? [String: Any])?["begin"] as? Int }.allSatisfy { $0 >= 1 })
            let github = try await CLIRunner.run(
                ["run", "--out", out, "--branch", "main", "--run-key", "gh", junit],
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "1", "GITHUB_WORKSPACE": checkout])
            let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
            #expect(annotations.count == 3, "\(github.stdout)")
            #expect(!github.stdout.contains("line=0"), "\(github.stdout)")
            #expect(
                annotations.contains { $0.hasPrefix("::error file=AppUITests/CartTests.swift,line=12,") },
                "\(github.stdout)")
        }

        /// A Jenkins pipeline job sets no GIT_COMMIT or GIT_BRANCH: the checkout's git says them.
        @Test("on CI, what the provider does not say comes from the checkout's git")
        func ciFallsBackToGit() async throws {
            let checkout = try temporaryDirectory()
            func git(_ arguments: [String]) throws {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments =
                    [
                        "git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "-c",
                        "init.defaultBranch=feature/x",
                    ] + arguments
                process.currentDirectoryURL = URL(fileURLWithPath: checkout)
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
            }
            try git(["init", "-q"])
            try git(["commit", "-q", "--allow-empty", "-m", "x"])
            let out = try temporaryDirectory()
            let result = try CLIRunner.spawn(
                ["ingest", "--quiet", "--out", out, night(12)],
                environment: ["JENKINS_URL": "http://jenkins", "BUILD_TAG": "jenkins-app-5"],
                directory: checkout)
            #expect(result.status == 0, "\(result.stderr)")
            let list = try await CLIRunner.run(["report", "--list", "--out", out]).stdout
            #expect(list.contains("\tfeature/x\t"), "\(list)")
        }
    }
}
