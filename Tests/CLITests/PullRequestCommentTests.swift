import Foundation
import Testing

/// The pull-request comment of a simulated GitHub pull request on the sample history: main's
/// nights 1–12 are stored, then night 14's results arrive as a pull request against main.
@Suite("canopy run: the pull-request comment reads in ten seconds", .serialized)
struct PullRequestCommentTests {
    /// Night 14's commit and start, as `Reports/samples/nights.tsv` gives them.
    static let nights: [(folder: Int, started: String, commit: String)] = [
        (1, "2026-11-08", "ea2d9284699fcc01a5face67feca781d7c833a05"),
        (2, "2026-11-09", "ba29edc98397ca59150735ce6c2c45c14baa0459"),
        (3, "2026-11-10", "d44c696dd4026f50783111b4e134811cd59957df"),
        (4, "2026-11-11", "eba99685e6b94dd5c805b7836ecf3aee5530e028"),
        (5, "2026-11-12", "af16dd21c1fd11e14f0fbca3169bf59495e43d6c"),
        (6, "2026-11-13", "206718e08a181de127b0c518acfaccf00a022b5a"),
        (7, "2026-11-14", "010016fe8d833093d23590ee83560baa92c86a0c"),
        (8, "2026-11-15", "52866a40481c32199e148ce8788c7498e9447790"),
        (9, "2026-11-16", "02aeb32aa69ae41843df2ff10d73e7efe555833a"),
        (10, "2026-11-17", "89a1d7eef5e2b8aaa13662b9eaab40915a4084c2"),
        (11, "2026-11-18", "fd4a8a472f118717ae7147f29ca361eba2ab62cb"),
        (12, "2026-11-19", "eb75fba2bf184faa1f5b5cb0a84dadc9253d7f98"),
    ]

    @Test(
        "under 5 KB, the marker first, the verdict next, the new failure before anything collapsed; main's flaky test says so"
    )
    func simulatedPullRequest() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let config = CLIRunner.repository.appendingPathComponent("Reports/samples/canopy.yml").path
        for night in Self.nights {
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--config", config, "--out", out, "--run-key", "nightly-\(night.started)",
                "--commit", night.commit,
                "--branch", "main", "--started-at", "\(night.started)T02:00:00Z", CLIRunner.night(night.folder),
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let result = try await CLIRunner.run(
            [
                "run", "--config", config, "--out", out, "--annotations", "none", "--started-at",
                "2026-11-21T12:00:00Z", CLIRunner.night(14),
            ],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "9182736450", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_JOB": "ui",
                "GITHUB_SHA": "4f9a3edac6bd2ab139f7429d34c6ede6e8ad3798", "GITHUB_REF": "refs/pull/42/merge",
                "GITHUB_HEAD_REF": "feature/dark-mode", "GITHUB_BASE_REF": "main",
                "GITHUB_REPOSITORY": "example/podcasts",
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_EVENT_NAME": "pull_request",
                // A workspace without the app's sources (this repository holds a sample app's).
                "GITHUB_WORKSPACE": try CLIRunner.temporaryDirectory(),
            ])
        // SettingsTests/testDarkModeToggle passes on main's night 12 and fails here: a new failure.
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let comment = try String(contentsOfFile: out + "/comment.md", encoding: .utf8)
        #expect(comment.utf8.count < 5_000, "comment.md is \(comment.utf8.count) bytes")
        let lines = comment.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "<!-- canopy:comment -->")
        #expect(
            lines.count > 1 && lines[1].hasPrefix("❌ **Gate failed** — 1 new failure in this pull request"),
            "\(lines.prefix(2))")
        let newFailure = try #require(comment.range(of: "### ❌ New failures (1)"))
        let test = try #require(comment.range(of: "AppUITests.SettingsTests/testDarkModeToggle"))
        #expect(newFailure.upperBound < test.lowerBound)
        if let details = comment.range(of: "<details>") { #expect(test.upperBound < details.lowerBound) }
        // Its cause is explained, with what usually fixes it.
        #expect(comment.contains("cause **assertion**: A test assertion failed; usually fixed by: "), "\(comment)")
        // The test main calls flaky is not new, and says so with main's counts.
        #expect(comment.contains("PlayerUITests.PlayerTests/testScrubbing"), "\(comment)")
        #expect(comment.contains(#/flaky on main: \d+ of the last 12 runs/#), "\(comment)")
        // Every "since" names a commit of main, never the pull request's own head.
        let head = "4f9a3edac6bd"
        for file in ["comment.md", "summary.md", "site/index.html"] {
            let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
            #expect(!text.contains("since \(head)") && !text.contains("since <code>\(head)"), "\(file)")
        }
        let insights = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/insights.json")))
                as? [String: Any])
        let verdicts = try #require(insights["verdicts"] as? [[String: Any]])
        for since in verdicts.compactMap({ $0["since"] as? [String: Any] }) {
            #expect(since["branch"] as? String == "main" && (since["commit"] as? String)?.hasPrefix(head) == false)
        }
    }
}
