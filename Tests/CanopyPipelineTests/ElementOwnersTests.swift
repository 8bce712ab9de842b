import CanopyRender
import Testing

@testable import CanopyPipeline
@testable import CanopySource

/// An element declared in two teams' files is both teams': the page, `--owner` and the
/// flaky-element issues name its owners by one rule (`SourceCatalog.owners(ofIdentifier:)`).
@Suite("An element's owners")
struct ElementOwnersTests {
    static func catalog() throws -> SourceCatalog {
        let index = SourceIndexer.index(files: [
            SourceFile(
                path: "App/Cart/CartView.swift",
                text: "import SwiftUI\nstruct CartView: View { var body: some View { Button(\"Pay\") {}"
                    + ".accessibilityIdentifier(\"Checkout.PayButton\") } }\n"),
            SourceFile(
                path: "App/Wallet/WalletView.swift",
                text: "import SwiftUI\nstruct WalletView: View { var body: some View { Button(\"Pay\") {}"
                    + ".accessibilityIdentifier(\"Checkout.PayButton\") } }\n"),
        ])
        let owners = try CodeOwnersParser.parse(
            "/App/Cart/ @acme/cart-ios\n/App/Wallet/ @acme/wallet-ios\n", path: "CODEOWNERS")
        return SourceCatalog(root: "/repo", index: index, codeOwners: owners)
    }

    @Test func everyDeclaringFilesOwnersOwnTheElement() throws {
        let catalog = try Self.catalog()
        #expect(catalog.declarations(of: "Checkout.PayButton").count == 2)
        #expect(catalog.owners(ofIdentifier: "Checkout.PayButton") == ["@acme/cart-ios", "@acme/wallet-ios"])
        #expect(catalog.owners(ofIdentifier: "Checkout.Nowhere").isEmpty)
        // `--owner` for the second declaration's team: a test failing on the element is theirs.
        let wallet = try OwnerFilter(owner: "@acme/wallet-ios", catalog: catalog)
        #expect(wallet.owns(test: "PaymentTests/testPay", identifiers: ["Checkout.PayButton"]))
        #expect(!wallet.owns(test: "PaymentTests/testPay", identifiers: ["Other.Button"]))
    }
}
