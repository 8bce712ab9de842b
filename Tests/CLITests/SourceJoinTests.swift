import Foundation
import Testing

/// `--source`: each failure's element points at its declaration and owners, on every surface, and
/// `--owner` narrows `report` to one owner's tests. The app is the source index's fixture app
/// (`Tests/CanopySourceTests/Fixtures/SampleApp`, its `.github/CODEOWNERS` in GitHub's syntax).
@Suite("canopy run --source: failures point at code and owners", .serialized)
struct SourceJoinTests {
    static let app = CLIRunner.repository.appendingPathComponent("Tests/CanopySourceTests/Fixtures/SampleApp").path
    static let sha = "4f9a3edac6bd2ab139f7429d34c6ede6e8ad3798"

    /// xcodebuild's JUnit of the fixture app's UI tests: two failures on elements the app declares
    /// (one a data row), one assertion without an element.
    static let junit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="SampleAppUITests.CheckoutUITests" tests="3" failures="3">
        <testcase classname="SampleAppUITests.CheckoutUITests" name="testPayButtonPays" time="3.1"><failure message="CheckoutUITests.swift:14 - Failed to tap &quot;Checkout.PayButton&quot; Button: No matches found for first query match sequence: `Descendants matching type Button` -&gt; `Elements matching predicate '&quot;Checkout.PayButton&quot; IN identifiers'`, given input App element pid: 4242"/></testcase>
        <testcase classname="SampleAppUITests.CheckoutUITests" name="testPodcastRowOpens" time="2.0"><failure message="CheckoutUITests.swift:22 - Failed to tap &quot;Podcast-42-row&quot; Cell: No matches found for first query match sequence: `Descendants matching type Cell` -&gt; `Elements matching predicate '&quot;Podcast-42-row&quot; IN identifiers'`, given input App element pid: 4242"/></testcase>
        <testcase classname="SampleAppUITests.CheckoutUITests" name="testTotalShows" time="1.0"><failure message="CheckoutUITests.swift:30 - XCTAssertEqual failed: (&quot;0&quot;) is not equal to (&quot;1&quot;)"/></testcase>
        </testsuite></testsuites>
        """

    static func github(_ out: String) -> [String: String] {
        [
            "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "1", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_SHA": sha,
            "GITHUB_REF": "refs/heads/main", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_WORKSPACE": CLIRunner.repository.path, "GITHUB_STEP_SUMMARY": out + "/step-summary.md",
        ]
    }

    static func run(_ extra: [String] = []) async throws -> (out: String, result: CLIRunner.Result) {
        let out = try CLIRunner.temporaryDirectory()
        let junit = out + "/junit.xml"
        try Self.junit.write(toFile: junit, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(
            ["run", "--out", out, "--annotations", "none", "--source", app] + extra + [junit], environment: github(out))
        return (out, result)
    }

    @Test("summary, comment and page name the same declaration, link and owners beside each failure")
    func everySurfaceShowsTheDeclaration() async throws {
        let (out, result) = try await Self.run()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        let url =
            "https://github.com/acme/app/blob/\(Self.sha)/Tests/CanopySourceTests/Fixtures/SampleApp/SampleApp/Checkout/CheckoutViewController.swift#L11"
        for (name, text) in [("summary", summary), ("comment", comment)] {
            #expect(text.contains("declared in [CheckoutViewController.swift:11](\(url)) (+1 more)"), "\(name)")
            #expect(text.contains("owners <code>@acme/payments-ios</code>"), "\(name)")
            // The data row's template is declared in PodcastRow.swift, owned by its directory's team.
            #expect(text.contains("PodcastRow.swift:11"), "\(name)")
            #expect(text.contains("<code>@acme/podcasts-ios</code>"), "\(name)")
            // The failure without an element has its test's owners.
            #expect(text.contains("test owners <code>@acme/payments-ios</code> <code>@qa-lead</code>"), "\(name)")
            #expect(
                text.contains(
                    "**By owner:** <code>@acme/payments-ios</code>: 2 new failures · <code>@acme/podcasts-ios</code>: 1 new failure · <code>@qa-lead</code>: 1 new failure"
                ), "\(name): \(text)")
        }
        #expect(page.contains("href=\"\(url)\""), "page links the declaration")
        #expect(page.contains(">CheckoutViewController.swift:11<"))
        #expect(page.contains("<code class=\"owner\">@acme/podcasts-ios</code>"))
        #expect(
            page.contains("<strong>By owner:</strong> <code class=\"owner\">@acme/payments-ios</code> 2 new failures"))
        // Untested UI: the same count on the summary and the page, the reflection helper's cell among them.
        let count = try #require(
            summary.firstMatch(of: /### 🧭 Untested UI \((\d+) identifiers/).map { Int($0.1) ?? -1 })
        #expect(count > 0)
        #expect(page.contains("<h3 id=\"untested-ui\">Untested UI <span class=\"count\">\(count)</span></h3>"))
        #expect(summary.contains("<code>RaceHeaderCollectionViewCell.titleLabel</code>"))
        #expect(
            !summary.contains(
                "never exercised (owners <code>@acme/payments-ios</code>): <code>Checkout.PayButton</code>"))
    }

    @Test("--owner narrows report to the owner's tests; an owner no rule names is exit 2")
    func ownerFilter() async throws {
        let (out, first) = try await Self.run()
        #expect(first.status == 1)
        let report = try await CLIRunner.run([
            "report", "--out", out, "--source", Self.app, "--owner", "@ACME/podcasts-ios",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.contains("**1** tests"), "\(summary.prefix(400))")
        #expect(summary.contains("testPodcastRowOpens") && !summary.contains("testPayButtonPays"))
        let unknown = try await CLIRunner.run(["report", "--out", out, "--source", Self.app, "--owner", "@acme/nobody"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no rule of .github/CODEOWNERS names that owner"), "\(unknown.stderr)")
        let noSource = try await CLIRunner.run(["trend", "--out", out, "--no-source", "--owner", "@acme/payments-ios"])
        #expect(noSource.status == 2)
        #expect(noSource.stderr.contains("needs the app's sources"), "\(noSource.stderr)")
    }

    @Test("check prints the new failures by owner, counted as the page counts them")
    func checkCountsByOwner() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try Self.junit.write(toFile: out + "/junit.xml", atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["check", "--out", out, "--source", Self.app, out + "/junit.xml"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "new failures by owner: @acme/payments-ios 2, @acme/podcasts-ios 1, @qa-lead 1"), "\(result.stdout)")
    }

    @Test("without --source the checkout is read when it holds an Xcode project, and not otherwise")
    func theCheckoutIsTheDefaultSource() throws {
        for project in [true, false] {
            let checkout = try CLIRunner.temporaryDirectory()
            try FileManager.default.removeItem(atPath: checkout)
            try FileManager.default.copyItem(atPath: Self.app, toPath: checkout)
            if project {
                try FileManager.default.createDirectory(
                    atPath: checkout + "/SampleApp.xcodeproj", withIntermediateDirectories: true)
            }
            try Self.junit.write(toFile: checkout + "/junit.xml", atomically: true, encoding: .utf8)
            let result = try CLIRunner.spawn(
                ["run", "--out", "out", "--annotations", "none", "junit.xml"], directory: checkout)
            #expect(result.status == 1, "\(result.stderr)")
            let summary = try String(contentsOfFile: checkout + "/out/summary.md", encoding: .utf8)
            #expect(
                summary.contains("declared in <code>CheckoutViewController.swift:11</code>") == project, "\(project)")
        }
    }

    @Test("a bad CODEOWNERS line stops the run before anything is stored, naming the file and line")
    func badCodeOwnersStoresNothing() async throws {
        let app = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: app + "/App", withIntermediateDirectories: true)
        try "view.accessibilityIdentifier = \"A.B\"\n".write(
            toFile: app + "/App/View.swift", atomically: true, encoding: .utf8)
        try "* @team\n/App/ not-an-owner\n".write(toFile: app + "/CODEOWNERS", atomically: true, encoding: .utf8)
        let out = try CLIRunner.temporaryDirectory()
        try Self.junit.write(toFile: out + "/junit.xml", atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["run", "--out", out, "--source", app, out + "/junit.xml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("CODEOWNERS:2"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }
}
