import XCTest

enum Locator: String {
    case payButton = "Checkout.PayButton"
    case total = "Checkout.Total"
    case root = "Checkout.Root"
}

final class CheckoutUITests: XCTestCase {
    let app = XCUIApplication()

    func testPayButtonPays() {
        app.launch()
        app.buttons[Locator.payButton.rawValue].tap()
        XCTAssertTrue(app.staticTexts[Locator.total.rawValue].exists)
        let card = app.textFields.matching(NSPredicate(format: "identifier == 'Checkout.PaymentSheet.cardNumber'"))
        XCTAssertEqual(card.count, 1)
    }

    func testPodcastRowOpens() {
        app.launch()
        XCTAssertTrue(app.otherElements["Podcast-42-row"].waitForExistence(timeout: 5))
        app.cells.matching(identifier: Locator.root.rawValue).firstMatch.tap()
    }
}
