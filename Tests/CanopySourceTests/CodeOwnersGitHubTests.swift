import Foundation
import Testing

@testable import CanopySource

/// GitHub's CODEOWNERS rules, read from the fixture app's `.github/CODEOWNERS`.
@Suite("CODEOWNERS in GitHub's syntax")
struct CodeOwnersGitHubTests {
    static func owners() throws -> CodeOwners {
        try CodeOwnersParser.parse(try Fixture.text("SampleApp/.github/CODEOWNERS"), path: ".github/CODEOWNERS")
    }

    @Test(arguments: [
        // `*` for everything; `*.swift` later overrides it: last matching rule wins.
        ("README.txt", ["@acme/ios-platform"]),
        ("SampleApp/AppDelegate.swift", ["@acme/ios-platform", "mobile-leads@example.com"]),
        // A leading `/` and trailing `/`: that root directory and everything beneath it.
        ("SampleApp/Checkout/CheckoutView.swift", ["@acme/payments-ios"]),
        ("SampleApp/Checkout/Sheet/PaymentSheet.swift", ["@acme/payments-ios"]),
        ("Other/SampleApp/Checkout/X.swift", ["@acme/ios-platform", "mobile-leads@example.com"]),
        // A `*` inside a name, two owners, an inline comment dropped.
        ("SampleAppUITests/CheckoutUITests.swift", ["@acme/payments-ios", "@qa-lead"]),
        // A trailing `/` without a leading one: a directory of that name at any depth.
        ("SampleApp/Settings/SettingsView.swift", ["@acme/settings-ios"]),
        ("Settings/Root.plist", ["@acme/settings-ios"]),
        // `dir/*`: direct children only.
        ("SampleApp/Podcasts/PodcastRow.swift", ["@acme/podcasts-ios"]),
        ("SampleApp/Podcasts/Detail/PodcastDetail.swift", ["@acme/ios-platform", "mobile-leads@example.com"]),
        // A pattern with no owners unsets.
        ("SampleApp/Generated/Strings.swift", []),
        // `\#` is a literal hash, not a comment.
        ("#Notes.md", ["@octocat"]),
        // `**`: every depth.
        ("docs/a/b/c.md", ["@acme/docs"]),
    ])
    func ownersOfPath(_ path: String, _ expected: [String]) throws {
        #expect(try Self.owners().owners(of: path) == expected, "\(path)")
    }

    @Test func theMatchNamesTheWinningLine() throws {
        let match = try #require(try Self.owners().matches(for: "SampleApp/Checkout/CheckoutView.swift").first)
        #expect(match.line == 10)
        #expect(match.section == nil)
    }

    @Test func lastMatchWinsEvenWhenTheEarlierRuleIsMoreSpecific() throws {
        let text = "/App/Checkout/Pay.swift @payments\n*.swift @platform\n"
        let owners = try CodeOwnersParser.parse(text, path: "CODEOWNERS")
        #expect(owners.owners(of: "App/Checkout/Pay.swift") == ["@platform"])
    }

    @Test(arguments: [
        ("a?c.swift", "abc.swift", true),
        ("a?c.swift", "a/c.swift", false),
        ("/src/*.swift", "src/A.swift", true),
        ("/src/*.swift", "src/deep/A.swift", false),
        ("**/Views/*.swift", "App/Feature/Views/A.swift", true),
        ("**/Views/*.swift", "Views/A.swift", true),
        ("App/**/Cell.swift", "App/Cell.swift", true),
        ("App/**/Cell.swift", "App/a/b/Cell.swift", true),
        ("App/**/Cell.swift", "Other/App/Cell.swift", false),
        ("Build", "Build/out/log.txt", true),
        ("Build", "App/Build/log.txt", true),
        ("Build/", "Build", false),
        ("My\\ File.swift", "My File.swift", true),
    ])
    func patterns(_ pattern: String, _ path: String, _ matches: Bool) throws {
        let owners = try CodeOwnersParser.parse("\(pattern) @team\n", path: "CODEOWNERS")
        #expect(owners.owners(of: path) == (matches ? ["@team"] : []), "\(pattern) vs \(path)")
    }

    @Test(arguments: [
        ("*.swift @team nobody\n", 1, "'nobody' is not an owner"),
        ("# c\n*.swift @team @\n", 2, "'@' is not an owner"),
        ("\n\n[Checkout @payments\n", 3, "unclosed section header"),
        ("[Checkout][two] @payments\n", 1, "approvals"),
    ])
    func badLinesAreErrorsAtTheirLine(_ text: String, _ line: Int, _ reason: String) throws {
        let error = try #require(throws: SourceError.self) {
            try CodeOwnersParser.parse(text, path: ".github/CODEOWNERS")
        }
        guard case .codeOwners(let path, let errorLine, let message) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == ".github/CODEOWNERS")
        #expect(errorLine == line)
        #expect(message.contains(reason), "\(message)")
        #expect(error.description.hasPrefix(".github/CODEOWNERS:\(line): "))
    }

    @Test func theFileIsFoundInGitHubsOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("owners-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for directory in ["docs", ".github"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try "* @docs\n".write(to: root.appendingPathComponent("docs/CODEOWNERS"), atomically: true, encoding: .utf8)
        #expect(try CodeOwners.load(repository: root)?.path == "docs/CODEOWNERS")
        try "* @root\n".write(to: root.appendingPathComponent("CODEOWNERS"), atomically: true, encoding: .utf8)
        #expect(try CodeOwners.load(repository: root)?.path == "CODEOWNERS")
        try "* @github\n".write(
            to: root.appendingPathComponent(".github/CODEOWNERS"), atomically: true, encoding: .utf8)
        let found = try #require(try CodeOwners.load(repository: root))
        #expect(found.path == ".github/CODEOWNERS")
        #expect(found.owners(of: "x") == ["@github"])
    }

    @Test func noFileIsNil() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("owners-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try CodeOwners.load(repository: root) == nil)
    }
}
