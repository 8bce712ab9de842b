import Foundation
import Testing

@testable import CanopySource

/// GitLab's CODEOWNERS rules, read from the fixture app's `.gitlab/CODEOWNERS`.
@Suite("CODEOWNERS in GitLab's syntax")
struct CodeOwnersGitLabTests {
    static func owners() throws -> CodeOwners {
        try CodeOwnersParser.parse(try Fixture.text("SampleApp/.gitlab/CODEOWNERS"), path: ".gitlab/CODEOWNERS")
    }

    @Test func sectionsAreRead() throws {
        let owners = try Self.owners()
        #expect(owners.syntax == .gitlab)
        let sections = owners.sections.map { "\($0.name ?? "-")|\($0.isOptional)|\($0.approvals)|\($0.defaultOwners)" }
        #expect(
            sections == [
                "-|false|1|[]", "Checkout|false|2|[\"@acme/payments-ios\"]", "Documentation|true|1|[]",
                "QA|false|1|[\"@acme/qa\"]",
            ])
    }

    @Test(arguments: [
        // Only the unnamed section matches.
        ("App/Main.swift", ["@acme/ios-platform"]),
        // An entry with no owners takes its section's default owners; the unnamed section's match is combined.
        ("SampleApp/Checkout/CheckoutView.swift", ["@acme/ios-platform", "@acme/payments-ios"]),
        // Within a section, the last match wins.
        ("SampleApp/Checkout/Legacy/OldPay.swift", ["@acme/ios-platform", "@legacy-team"]),
        // A later `[checkout]` header (names are case-insensitive) adds rules to the same section.
        ("SampleApp/Checkout/Main.storyboard", ["@acme/ios-platform", "@acme/design"]),
        // Two sections match: combined in file order, each owner once.
        ("SampleAppUITests/Checkout Flows/PayUITests.swift", ["@acme/ios-platform", "@payments-qa"]),
        ("SampleAppUITests/SettingsUITests.swift", ["@acme/ios-platform", "@acme/qa"]),
        // A relative path in GitLab matches at any depth, even with a slash inside.
        ("Modules/docs/guide.md", ["@acme/ios-platform", "@acme/docs"]),
        // An entry with no owners in a section without defaults has none there.
        ("README.md", ["@acme/ios-platform"]),
    ])
    func ownersOfPath(_ path: String, _ expected: [String]) throws {
        #expect(try Self.owners().owners(of: path) == expected, "\(path)")
    }

    @Test func matchesNameTheirSections() throws {
        let matches = try Self.owners().matches(for: "SampleApp/Checkout/Legacy/OldPay.swift")
        #expect(matches.map(\.section) == [nil, "Checkout"])
        #expect(matches.map(\.line) == [4, 8])
    }

    @Test func exclusionsRemoveASectionsOwnership() throws {
        let text = "[Checkout] @payments\n/App/Checkout/\n!/App/Checkout/Generated/\n"
        let owners = try CodeOwnersParser.parse(text, path: "CODEOWNERS")
        #expect(owners.owners(of: "App/Checkout/Pay.swift") == ["@payments"])
        #expect(owners.owners(of: "App/Checkout/Generated/Strings.swift") == [])
    }

    @Test func aFileUnderDotGitLabIsGitLabSyntaxWithoutSections() throws {
        let owners = try CodeOwnersParser.parse("docs/guide.md @docs\n", path: ".gitlab/CODEOWNERS")
        #expect(owners.syntax == .gitlab)
        #expect(owners.owners(of: "Modules/docs/guide.md") == ["@docs"])
        let github = try CodeOwnersParser.parse("docs/guide.md @docs\n", path: ".github/CODEOWNERS")
        #expect(github.owners(of: "Modules/docs/guide.md") == [])
        #expect(github.owners(of: "docs/guide.md") == ["@docs"])
    }

    @Test func roleAndNestedGroupOwnersAreAccepted() throws {
        let owners = try CodeOwnersParser.parse("[S]\n* @@maintainer @group/sub/team\n", path: "CODEOWNERS")
        #expect(owners.owners(of: "a") == ["@@maintainer", "@group/sub/team"])
    }
}
