import XCTest

enum Locator: String {
    case checkoutRoot = "Checkout.Root"
    case planPicker = "Checkout.PlanPicker"
    case continueButton = "Checkout.Continue"
    case restorePurchases = "Checkout.RestorePurchases"
    case paymentSheet = "Checkout.PaymentSheet.Root"
    case payButton = "Checkout.PaymentSheet.PayButton"
    case cardNumber = "Checkout.PaymentSheet.CardNumber"
    case expiry = "Checkout.PaymentSheet.Expiry"
    case cvc = "Checkout.PaymentSheet.CVC"
    case postalCode = "Checkout.PaymentSheet.PostalCode"
    case coupon = "Checkout.PaymentSheet.Coupon"
    case applyCoupon = "Checkout.PaymentSheet.ApplyCoupon"
    case total = "Checkout.PaymentSheet.Total"
    case close = "Checkout.PaymentSheet.Close"
}

/// Podcasts Premium, against StoreKit's local testing configuration (Premium.storekit).
final class CheckoutTests: XCTestCase {
    private let app = XCUIApplication()

    override func setUpWithError() throws {
        continueAfterFailure = false
        app.launchArguments = ["-uiTesting", "-signedIn", "-openCheckout"]
        app.launch()
        XCTAssertTrue(app.otherElements[Locator.checkoutRoot.rawValue].waitForExistence(timeout: 10))
    }

    /// The segments of `Checkout.PlanPicker`, in order.
    private enum Plan: Int {
        case monthly, yearly, family
    }

    private func openPaymentSheet(plan: Plan = .yearly) {
        app.segmentedControls[Locator.planPicker.rawValue].buttons.element(boundBy: plan.rawValue).tap()
        app.buttons[Locator.continueButton.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.paymentSheet.rawValue].waitForExistence(timeout: 5))
    }

    /// StoreKit's test card.
    private func fillCard() {
        type("4242424242424242", into: app.textFields[Locator.cardNumber.rawValue])
        type("1230", into: app.textFields[Locator.expiry.rawValue])
        type("123", into: app.textFields[Locator.cvc.rawValue])
        type("10115", into: app.textFields[Locator.postalCode.rawValue])
    }

    private func type(_ text: String, into field: XCUIElement) {
        field.tap()
        field.typeText(text)
    }

    private var total: String { app.staticTexts[Locator.total.rawValue].label }

    func testSubscribePremium() throws {
        openPaymentSheet()
        fillCard()
        app.buttons[Locator.payButton.rawValue].tap()
        XCTAssertTrue(app.staticTexts["Welcome to Premium"].waitForExistence(timeout: 10))
    }

    func testApplyCoupon() throws {
        openPaymentSheet()
        let before = total
        let coupon = app.textFields[Locator.coupon.rawValue]
        coupon.tap()
        coupon.typeText("PODS20")
        app.buttons[Locator.applyCoupon.rawValue].tap()
        XCTAssertNotEqual(total, before)
        fillCard()
        app.buttons[Locator.payButton.rawValue].tap()
        XCTAssertTrue(app.staticTexts["Welcome to Premium"].waitForExistence(timeout: 10))
    }

    /// On iPad the sheet is a popover whose Pay button can be off screen while it settles.
    func testApplePaySheet() throws {
        openPaymentSheet()
        // PKPaymentButton's own label; the sheet's identifier for it is not needed here.
        app.buttons["Subscribe with Apple Pay"].tap()
        let applePay = XCUIApplication(bundleIdentifier: "com.apple.PassbookUIService")
        XCTAssertTrue(applePay.wait(for: .runningForeground, timeout: 10))
        applePay.buttons["Cancel"].tap()
        fillCard()
        app.buttons[Locator.payButton.rawValue].tap()
    }

    func testRestorePurchases() throws {
        app.buttons[Locator.restorePurchases.rawValue].tap()
        XCTAssertTrue(app.alerts["Purchases Restored"].waitForExistence(timeout: 10))
    }

    func testCancelSubscription() throws {
        openPaymentSheet()
        app.buttons[Locator.close.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.paymentSheet.rawValue].waitForNonExistence(timeout: 5))
    }

    func testPriceLocalization() throws {
        app.terminate()
        app.launchArguments += ["-AppleLocale", "de_DE"]
        app.launch()
        openPaymentSheet()
        XCTAssertTrue(total.hasSuffix("€"))
    }

    func testSnapshot() throws {
        openPaymentSheet()
        let snapshot = try app.snapshot()
        let attachment = XCTAttachment(string: "\(snapshot.dictionaryRepresentation)")
        attachment.name = "canopy-snapshot Checkout.PaymentSheet"
        add(attachment)
    }
}
