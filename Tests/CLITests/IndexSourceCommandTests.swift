import Foundation
import Testing

#if os(Linux)
    private let isLinux = true
#else
    private let isLinux = false
#endif

/// `canopy index-source` on the source index's fixture app and on a broken CODEOWNERS file.
@Suite("canopy index-source (end to end)")
struct IndexSourceCommandTests {
    static let sampleApp = CLIRunner.repository.appendingPathComponent("Tests/CanopySourceTests/Fixtures/SampleApp")
        .path

    @Test func jsonListsDeclarationsWithOwners() async throws {
        let result = try await CLIRunner.run(["index-source", "--format", "json", Self.sampleApp])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "canopy.source-index/1")
        #expect(object["codeOwners"] as? String == ".github/CODEOWNERS")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["declarations"] as? Int == 15)
        #expect(summary["unresolved"] as? Int == 2)
        let declarations = try #require(object["declarations"] as? [[String: Any]])
        let root = try #require(declarations.first { $0["identifier"] as? String == "Checkout.Root" })
        #expect(root["file"] as? String == "SampleApp/Checkout/CheckoutViewController.swift")
        #expect(root["line"] as? Int == 10)
        #expect(root["owners"] as? [String] == ["@acme/payments-ios"])
    }

    @Test func textStartsWithTheSummary() throws {
        let caches = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: caches) }
        let result = try CLIRunner.spawn(["index-source", Self.sampleApp], environment: ["XDG_CACHE_HOME": caches])
        #expect(result.status == 0)
        let first = try #require(result.stdout.split(separator: "\n").first)
        let counts = #/: 7 Swift files \((\d) parsed, (\d) reused\), /#
        let match = try #require(first.firstMatch(of: counts), "\(first)")
        #expect(Int(match.1).map { $0 + (Int(match.2) ?? 0) } == 7)
        #expect(
            first.hasSuffix(
                " reused), 15 identifiers declared (3 templates), 5 UI-test queries, 0 label queries, 2 unresolved; owners from .github/CODEOWNERS"
            ))
        #expect(
            result.stdout.contains("  Podcast-{id}-row  composed  SampleApp/Podcasts/PodcastRow.swift:11  PodcastRow"))
    }

    /// The standard cache location honours `XDG_CACHE_HOME` on Linux (macOS uses ~/Library/Caches).
    @Test(.enabled(if: isLinux))
    func aSecondRunReusesTheCacheInXDGCacheHome() throws {
        let caches = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: caches) }
        func summary() throws -> [String: Any] {
            let result = try CLIRunner.spawn(
                ["index-source", "--format", "json", Self.sampleApp], environment: ["XDG_CACHE_HOME": caches])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return try #require(object?["summary"] as? [String: Any])
        }
        let cold = try summary()
        #expect(cold["parsed"] as? Int == 7)
        #expect(cold["reused"] as? Int == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: caches + "/canopy/source-index")
        #expect(names.count == 1)
        #expect(names.first?.wholeMatch(of: #/[0-9a-f]{16}\.json/#) != nil, "\(names)")
        let warm = try summary()
        #expect(warm["parsed"] as? Int == 0)
        #expect(warm["reused"] as? Int == 7)
        #expect(warm["declarations"] as? Int == cold["declarations"] as? Int)
    }

    @Test func aBadCodeOwnersLineIsExitCodeTwoAtItsLine() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "*.swift @ios\n[Checkout @payments\n".write(
            toFile: directory + "/CODEOWNERS", atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["index-source", directory])
        #expect(result.status == 2)
        #expect(result.stderr.contains("CODEOWNERS:2: unclosed section header"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingDirectoryIsExitCodeTwo() async throws {
        let result = try await CLIRunner.run(["index-source", "/nonexistent/canopy-sources"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/canopy-sources: cannot read: not a directory"), "\(result.stderr)")
    }
}
