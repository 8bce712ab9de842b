import Foundation
import Testing

@testable import CanopySource

/// Declared identifiers against the identifiers and templates runs see.
@Suite("Declared and seen identifiers")
struct IdentifierTemplateMatchTests {
    @Test(arguments: [
        // Equal text; placeholder names never matter.
        ("Checkout.PayButton", "Checkout.PayButton", true),
        ("Podcast-{podcastID}-row", "Podcast-{id}-row", true),
        // A declared template covers concrete identifiers, one segment per placeholder.
        ("Podcast-{id}-row", "Podcast-42-row", true),
        ("Checkout.PaymentSheet.{field}", "Checkout.PaymentSheet.CardNumber", true),
        ("Checkout.{field}", "Checkout.PaymentSheet.CardNumber", false),
        ("Podcast-{id}-row", "Podcast--row", false),
        ("Podcast-{id}-row", "Podcast-42-title", false),
        // A run's template covers a literal the app spells out.
        ("Settings.Row.3", "Settings.Row.{index}", true),
        ("Settings.Row.3.Toggle", "Settings.Row.{index}", false),
        // Placeholders on both sides, of different widths.
        ("Feed.{section}-{row}", "Feed.{id}", true),
        ("Feed.{section}.{row}", "Feed.{id}", false),
        ("Checkout.PayButton", "Checkout.Paybutton", false),
        // An unclosed brace is text.
        ("Odd{", "Odd{", true),
        ("Odd{x", "Odd1", false),
    ])
    func matches(_ declared: String, _ seen: String, _ expected: Bool) {
        #expect(IdentifierTemplateMatch.matches(declared, seen) == expected, "\(declared) ~ \(seen)")
        #expect(IdentifierTemplateMatch.matches(seen, declared) == expected, "symmetric: \(seen) ~ \(declared)")
    }

    @Test func normalizedDropsPlaceholderNames() {
        #expect(IdentifierTemplateMatch.normalized("Podcast-{podcastID}-row") == "Podcast-{}-row")
        #expect(IdentifierTemplateMatch.normalized("Checkout.PayButton") == "Checkout.PayButton")
    }
}

/// The fixture app's index with its CODEOWNERS: a failure's identifier to its declaration and owners.
@Suite("Source catalog of the fixture app")
struct SourceCatalogTests {
    static let catalog: SourceCatalog = {
        do { return try SourceCatalog.load(directory: Fixture.sampleApp.path) } catch {
            fatalError("loading the fixture app failed: \(error)")
        }
    }()

    static func places(_ identifier: String) -> [String] {
        catalog.declarations(of: identifier).map { "\($0.file):\($0.line)" }
    }

    @Test func anIdentifierDeclaredTwiceHasBothPlacesAndNotItsLocator() {
        #expect(
            Self.places("Checkout.PayButton") == [
                "SampleApp/Checkout/CheckoutViewController.swift:11", "SampleApp/Checkout/PaymentSheetView.swift:23",
            ])
    }

    @Test func aRunsTemplateFindsTheDeclaredTemplate() {
        #expect(Self.places("Podcast-{id}-row") == ["SampleApp/Podcasts/PodcastRow.swift:11"])
        #expect(Self.places("Podcast-7-row") == ["SampleApp/Podcasts/PodcastRow.swift:11"])
        #expect(Self.places("Checkout.PaymentSheet.CardNumber") == ["SampleApp/Checkout/PaymentSheetView.swift:20"])
    }

    @Test func anIdentifierNoCodeDeclaresHasNoPlace() {
        #expect(Self.places("Settings.DarkMode").isEmpty)
    }

    @Test func ownersComeFromTheDeclaringFile() throws {
        let declaration = try #require(Self.catalog.declarations(of: "Checkout.Total").first)
        #expect(Self.catalog.owners(of: declaration.file) == ["@acme/payments-ios"])
        #expect(Self.catalog.codeOwners?.path == ".github/CODEOWNERS")
    }
}

/// UI-test classes give each test its own file, for the test's owners.
@Suite("UI-test classes")
struct TestClassTests {
    @Test func theFixturesTestClassIsFound() throws {
        let index = try SourceIndexer.index(directory: Fixture.sampleApp)
        #expect(
            index.testClasses == [
                TestClassDeclaration(
                    name: "CheckoutUITests", file: "SampleAppUITests/CheckoutUITests.swift", line: 9,
                    inherits: ["XCTestCase"])
            ])
    }

    @Test func aClassOutsideATestFileOrNotATestCaseIsNot() {
        let index = SourceIndexer.index(files: [
            SourceFile(path: "App/View.swift", text: "import UIKit\nclass LoginTestCase: UITestCase {}\n"),
            SourceFile(
                path: "UITests/Base.swift",
                text:
                    "import XCTest\nclass BaseUITestCase: XCTestCase {}\nclass LoginTests: BaseUITestCase {}\nclass Helper: NSObject {}\n"
            ),
        ])
        #expect(index.testClasses.map(\.name) == ["BaseUITestCase", "LoginTests"])
    }
}
