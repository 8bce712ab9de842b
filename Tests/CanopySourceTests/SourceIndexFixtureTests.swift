import Foundation
import Testing

@testable import CanopySource

/// The fixture app's sources (`Fixtures/SampleApp/`), indexed: one case per declaration style.
@Suite("Source index of the fixture app")
struct SourceIndexFixtureTests {
    static let index: SourceIndex = {
        do {
            return try SourceIndexer.index(directory: Fixture.sampleApp)
        } catch {
            fatalError("indexing the fixture app failed: \(error)")
        }
    }()

    static func row(_ declaration: IdentifierDeclaration) -> String {
        "\(declaration.identifier)|\(declaration.kind.rawValue)|\(declaration.file):\(declaration.line)|\(declaration.type ?? "-")"
    }

    @Test(arguments: [
        // UIKit: a literal, constants in nested enums (one declared in an extension), a concatenation.
        "Checkout.Root|literal|SampleApp/Checkout/CheckoutViewController.swift:10|CheckoutViewController",
        "Checkout.PayButton|literal|SampleApp/Checkout/CheckoutViewController.swift:11|CheckoutViewController",
        "Checkout.Total|literal|SampleApp/Checkout/CheckoutViewController.swift:12|CheckoutViewController",
        "Checkout.Promo|composed|SampleApp/Checkout/CheckoutViewController.swift:13|CheckoutViewController",
        // SwiftUI: an enum's raw value and a loop variable composed into a template; a constant; a
        // property holding a constant.
        "Checkout.PaymentSheet.{field}|composed|SampleApp/Checkout/PaymentSheetView.swift:20|PaymentSheetView",
        "Checkout.PayButton|literal|SampleApp/Checkout/PaymentSheetView.swift:23|PaymentSheetView",
        "Checkout.PaymentSheet|literal|SampleApp/Checkout/PaymentSheetView.swift:27|PaymentSheetView",
        // Dashed rows with a data id.
        "Podcast-{id}-title|composed|SampleApp/Podcasts/PodcastRow.swift:9|PodcastRow",
        "Podcast-{id}-row|composed|SampleApp/Podcasts/PodcastRow.swift:11|PodcastRow",
        // `\(Self.self)` in a nested type.
        "Badge.star|reflection|SampleApp/Podcasts/PodcastRow.swift:18|PodcastRow.Badge",
        // The Mirror helper, called from a cell: one identifier per view property, at its line.
        "RaceHeaderCollectionViewCell.watchLiveButton|reflection|SampleApp/Races/RaceHeaderCollectionViewCell.swift:4|RaceHeaderCollectionViewCell",
        "RaceHeaderCollectionViewCell.titleLabel|reflection|SampleApp/Races/RaceHeaderCollectionViewCell.swift:5|RaceHeaderCollectionViewCell",
        // The UI tests' locator enum.
        "Checkout.PayButton|locator|SampleAppUITests/CheckoutUITests.swift:4|Locator",
        "Checkout.Total|locator|SampleAppUITests/CheckoutUITests.swift:5|Locator",
        "Checkout.Root|locator|SampleAppUITests/CheckoutUITests.swift:6|Locator",
    ])
    func declared(_ row: String) {
        #expect(Self.index.declarations.map(Self.row).contains(row), "\(Self.index.declarations.map(Self.row))")
    }

    @Test func nothingElseIsDeclared() {
        // Not the helper's own `"\(type(of: self)).\(label)"`, not a String property of the cell.
        #expect(Self.index.declarations.count == 15, "\(Self.index.declarations.map(Self.row))")
    }

    @Test func unresolvableExpressionsAreRecordedNotGuessed() {
        let rows = Self.index.unresolved.map { "\($0.file):\($0.line)|\($0.expression)|\($0.type ?? "-")" }
        #expect(
            rows == [
                "SampleApp/Checkout/CheckoutViewController.swift:17|identifier|CheckoutViewController",
                "SampleApp/Checkout/PaymentSheetView.swift:25|makeIdentifier()|PaymentSheetView",
            ])
        #expect(Self.index.summary.unresolved == 2)
    }

    @Test func uiTestQueriesResolveToIdentifiers() {
        let rows = Self.index.queries.map { "\($0.identifier)|\($0.line)|\($0.type ?? "-").\($0.function ?? "-")" }
        #expect(
            rows == [
                "Checkout.PayButton|14|CheckoutUITests.testPayButtonPays",
                "Checkout.Total|15|CheckoutUITests.testPayButtonPays",
                "Checkout.PaymentSheet.cardNumber|16|CheckoutUITests.testPayButtonPays",
                "Podcast-42-row|22|CheckoutUITests.testPodcastRowOpens",
                "Checkout.Root|23|CheckoutUITests.testPodcastRowOpens",
            ])
    }

    @Test func summaryCountsFilesAndKinds() {
        let summary = Self.index.summary
        #expect(summary.files == 7)
        #expect(summary.declarations == 15)
        #expect(summary.templates == 3)
        #expect(summary.queries == 5)
    }
}
