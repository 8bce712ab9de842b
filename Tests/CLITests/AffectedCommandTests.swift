import Foundation
import Testing

/// `canopy affected` on a small app in a git repository, with a history ingested from JUnit files
/// and element-tree snapshots naming the tests that took them.
@Suite("canopy affected (end to end)", .serialized)
struct AffectedCommandTests {
    /// The app: a SwiftUI view, a composed template, a file without identifiers, a UI-test class.
    static let sources: [String: String] = [
        "App/CheckoutView.swift": """
        import SwiftUI

        struct CheckoutView: View {
            var body: some View {
                Button("Pay") {}
                    .accessibilityIdentifier("Checkout.PayButton")
            }
        }
        """,
        "App/PodcastRow.swift": """
        import SwiftUI

        struct PodcastRow: View {
            let podcast: Podcast

            var body: some View {
                Text(podcast.title).accessibilityIdentifier("Podcast-\\(podcast.id)-row")
            }
        }
        """,
        "App/Networking.swift": """
        import Foundation

        struct Client {
            func load() async throws -> Data { Data() }
        }
        """,
        "AppUITests/FeedTests.swift": """
        import XCTest

        final class FeedTests: XCTestCase {
            let app = XCUIApplication()

            func testOpenPodcast() {
                app.launch()
                app.cells["Podcast-42-row"].tap()
            }

            func testScroll() {
                app.launch()
            }
        }
        """,
    ]

    /// A repository holding `sources`, committed; the history store directory beside it.
    struct Fixture {
        var root: String
        var source: String { root + "/repo" }
        var out: String { root + "/out" }

        init() throws {
            root = try CLIRunner.temporaryDirectory()
            for (path, text) in AffectedCommandTests.sources { try write(text, to: path) }
            try git(["init", "-q", "-b", "main"])
            try git(["add", "."])
            try git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "app"])
        }

        func write(_ text: String, to path: String) throws {
            let url = URL(fileURLWithPath: source + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func git(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", source] + arguments
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }

        /// Ingests one run: `tests` (class name, test) all passed, and per test the identifiers
        /// its snapshot shows.
        func ingest(_ key: String, night: Int, tests: [(String, String, [String])]) async throws {
            let inputs = root + "/inputs-" + key
            try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
            let cases = tests.map { "<testcase classname='\($0.0)' name='\($0.1)' time='1.0'/>" }.joined()
            try "<?xml version='1.0'?><testsuites><testsuite name='AppUITests'>\(cases)</testsuite></testsuites>"
                .write(toFile: inputs + "/junit.xml", atomically: true, encoding: .utf8)
            let screens = tests.filter { !$0.2.isEmpty }.map { test in
                let children = test.2.map {
                    "{\"elementType\": \"button\", \"identifier\": \"\($0)\", \"label\": \"x\", \"children\": []}"
                }
                return """
                    {"name": "\(test.1)", "test": "\(test.0)/\(test.1)()", "root": {"elementType": "application", \
                    "identifier": "", "label": "App", "children": [\(children.joined(separator: ", "))]}}
                    """
            }
            try "{\"screens\": [\(screens.joined(separator: ", "))]}".write(
                toFile: inputs + "/snapshots.json", atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--run-key", key, "--commit", "c\(night)", "--branch", "main",
                "--started-at", String(format: "2026-11-%02dT02:00:00Z", night), inputs,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }

        func affected(_ arguments: [String]) async throws -> CLIRunner.Result {
            try await CLIRunner.run(["affected", "--out", out, "--source", source] + arguments)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static let checkout = "AppUITests.CheckoutTests"
    static let feed = "AppUITests.FeedTests"

    /// The safety rule: testPay touched Checkout.PayButton only in the oldest run; later runs
    /// stored it without touching it, the last one did not run it at all. A change to the file
    /// declaring Checkout.PayButton still selects it.
    @Test func aTestThatTouchedTheIdentifierOnlyInAnOlderRunIsSelected() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try await fixture.ingest(
            "r1", night: 1, tests: [(Self.checkout, "testPay", ["Checkout.PayButton"]), (Self.feed, "testScroll", [])])
        try await fixture.ingest(
            "r2", night: 2, tests: [(Self.checkout, "testPay", ["Checkout.Total"]), (Self.feed, "testScroll", [])])
        try await fixture.ingest("r3", night: 3, tests: [(Self.feed, "testScroll", ["Feed.List"])])
        let result = try await fixture.affected(["--changed", "App/CheckoutView.swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("1 of "), "\(result.stdout)")
        #expect(
            result.stdout.contains("AppUITests.CheckoutTests/testPay  -only-testing:AppUITests/CheckoutTests/testPay"))
        #expect(result.stdout.contains("touched Checkout.PayButton in the run of 2026-11-01 at commit c1;"))
        #expect(!result.stdout.contains("testScroll"))
        let xcodebuild = try await fixture.affected(["--changed", "App/CheckoutView.swift", "--format", "xcodebuild"])
        #expect(xcodebuild.stdout == "-only-testing:AppUITests/CheckoutTests/testPay\n")
    }

    /// Declared `Podcast-\(podcast.id)-row`; the history holds the tree's template of
    /// `Podcast-7-row` and `Podcast-8-row`; FeedTests.testOpenPodcast queries `Podcast-42-row`.
    @Test func aTemplateSelectsByHistoryAndByQuery() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try await fixture.ingest(
            "r1", night: 1,
            tests: [
                (Self.checkout, "testPay", ["Podcast-7-row", "Podcast-8-row"]), (Self.feed, "testOpenPodcast", []),
                (Self.feed, "testScroll", []),
            ])
        let result = try await fixture.affected(["--changed", "App/PodcastRow.swift", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "canopy.affected/1")
        #expect(object["runEverything"] == nil)
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(
            tests.map { $0["test"] as? String } == [
                "AppUITests.CheckoutTests/testPay", "AppUITests.FeedTests/testOpenPodcast",
            ])
        let reasons = tests.map { ($0["reasons"] as? [String] ?? []).joined() }
        #expect(reasons[0].contains("touched Podcast-{id}-row"), "\(reasons[0])")
        #expect(reasons[1].contains("queries Podcast-42-row at AppUITests/FeedTests.swift:8"), "\(reasons[1])")
    }

    @Test func aChangedFileWithoutIdentifiersRunsEverything() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try await fixture.ingest("r1", night: 1, tests: [(Self.checkout, "testPay", ["Checkout.PayButton"])])
        let result = try await fixture.affected(["--changed", "App/Networking.swift", "App/CheckoutView.swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("run everything: App/Networking.swift declares no accessibility identifier\n"),
            "\(result.stdout)")
        let xcodebuild = try await fixture.affected(["--changed", "App/Networking.swift", "--format", "xcodebuild"])
        #expect(xcodebuild.status == 0)
        #expect(xcodebuild.stdout.isEmpty)
    }

    /// The change renames the identifier: only the base revision declares the one history knows.
    @Test func withBaseARenamedIdentifierStillSelectsItsTests() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try await fixture.ingest("r1", night: 1, tests: [(Self.checkout, "testPay", ["Checkout.PayButton"])])
        let renamed = try #require(Self.sources["App/CheckoutView.swift"]).replacingOccurrences(
            of: "Checkout.PayButton", with: "Checkout.Pay")
        try fixture.write(renamed, to: "App/CheckoutView.swift")
        let changedOnly = try await fixture.affected(["--changed", "App/CheckoutView.swift"])
        #expect(changedOnly.stdout.hasPrefix("0 of 1 stored test(s)"), "\(changedOnly.stdout)")
        let result = try await fixture.affected(["--base", "HEAD"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("1 of 1 stored test(s) affected by 1 changed file(s)"), "\(result.stdout)")
        #expect(result.stdout.contains("identifier Checkout.PayButton  App/CheckoutView.swift:6  (base revision)"))
        #expect(result.stdout.contains("-only-testing:AppUITests/CheckoutTests/testPay"))
    }

    @Test func anEmptyStoreAGoneFileAndABadRevision() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let missing = try await fixture.affected(["--changed", "App/CheckoutView.swift"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no history store at"), "\(missing.stderr)")
        try await fixture.ingest("r1", night: 1, tests: [(Self.checkout, "testPay", ["Checkout.PayButton"])])
        try FileManager.default.removeItem(atPath: fixture.source + "/App/CheckoutView.swift")
        let gone = try await fixture.affected(["--changed", "App/CheckoutView.swift"])
        #expect(gone.status == 0)
        #expect(gone.stdout.hasPrefix("run everything: App/CheckoutView.swift is gone"), "\(gone.stdout)")
        let withBase = try await fixture.affected(["--base", "HEAD"])
        #expect(withBase.stdout.contains("AppUITests.CheckoutTests/testPay"), "\(withBase.stdout)")
        let bad = try await fixture.affected(["--base", "no-such-ref"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("git rev-parse --verify --quiet no-such-ref^{commit}"), "\(bad.stderr)")
        let neither = try await fixture.affected([])
        #expect(neither.status == 2)
    }
}
