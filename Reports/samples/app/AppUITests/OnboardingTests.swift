import XCTest

final class OnboardingTests: UITestCase {
    private enum Locator: String {
        case root = "Onboarding.Root"
        case continueButton = "Onboarding.Continue"
        case skip = "Onboarding.Skip"
        case loginRoot = "Login.Root"
    }

    override var extraArguments: [String] { ["-resetOnboarding"] }

    func testWelcomeFlow() throws {
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
        app.buttons[Locator.continueButton.rawValue].tap()
        app.buttons[Locator.continueButton.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.loginRoot.rawValue].waitForExistence(timeout: 5))
    }

    func testSkipOnboarding() throws {
        app.buttons[Locator.skip.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.loginRoot.rawValue].waitForExistence(timeout: 5))
    }

    func testPickInterests() throws {
        app.buttons[Locator.continueButton.rawValue].tap()
        let interests = app.buttons.matching(NSPredicate(format: "identifier BEGINSWITH 'Onboarding.Interest.'"))
        interests.element(boundBy: 0).tap()
        interests.element(boundBy: 2).tap()
        XCTAssertEqual(interests.matching(NSPredicate(format: "isSelected == true")).count, 2)
    }
}
