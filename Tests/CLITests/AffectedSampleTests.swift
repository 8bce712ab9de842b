import Foundation
import Testing

/// `canopy affected` on the sample history (`Reports/samples`, all fourteen nights stored) and the
/// sample app's sources, whose AppUITests classes inherit `UITestCase` and its `signIn()` helper.
@Suite("canopy affected on the sample history", .serialized)
struct AffectedSampleTests {
    static let app = CLIRunner.repository.appendingPathComponent("Reports/samples/app").path

    static func affected(out: String, _ arguments: [String]) async throws -> CLIRunner.Result {
        try await CLIRunner.run(["affected", "--out", out, "--source", Self.app] + arguments)
    }

    @Test func aChangeToTheLoginScreenSelectsTheClassesInheritingItsHelperNotEverything() async throws {
        let out = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try await PullRequestEvidenceTests.storeMain(through: 14, out: out)
        let result = try await Self.affected(out: out, ["--changed", "Podcasts/Login/LoginViewController.swift"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(!first.hasPrefix("run everything"), "\(first)")
        // Counted as the summary counts night 14's tests: one per test and device.
        #expect(first.contains(" of 298 stored test(s) affected by 1 changed file(s)"), "\(first)")
        let classes = Set(
            lines.filter { !$0.hasPrefix(" ") && $0.contains("-only-testing:") }.map {
                String($0.prefix { $0 != "/" })
            })
        // ProfileTests queries no Login identifier itself: UITestCase.signIn() selects it.
        #expect(classes.contains("AppUITests.ProfileTests"), "\(classes.sorted())")
        #expect(classes.contains("AppUITests.SettingsTests"))
        #expect(!classes.contains("CheckoutUITests.CheckoutTests"), "no CheckoutTests inherits UITestCase")
        #expect(!classes.contains("PlayerUITests.PlayerTests"))
        #expect(
            result.stdout.contains(
                "  inherits UITestCase, which queries Login.Email at AppUITests/Support/UITestCase.swift:20; "
                    + "Login.Email (declared Podcasts/Login/LoginViewController.swift:28)"))
        // Evidence names a run by its day and commit, never by a store's key.
        #expect(result.stdout.contains(" in the run of 2026-11-21 at commit 4f9a3edac6bd; "), "\(result.stdout)")
        #expect(!result.stdout.contains("sha256:"))

        // The snapshots name `AppUITests.CheckoutTests`; the results and the sources say the class
        // is in CheckoutUITests.
        let checkout = try await Self.affected(
            out: out, ["--changed", "Podcasts/Checkout/CheckoutViewController.swift", "--format", "xcodebuild"])
        #expect(checkout.status == 0, "\(checkout.stderr)")
        #expect(checkout.stdout.contains("-only-testing:CheckoutUITests/CheckoutTests/testSnapshot\n"))
        #expect(!checkout.stdout.contains("AppUITests/CheckoutTests"), "\(checkout.stdout)")
    }
}
