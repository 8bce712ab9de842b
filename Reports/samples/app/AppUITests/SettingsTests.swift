import XCTest

final class SettingsTests: UITestCase {
    private enum Locator: String {
        case root = "Settings.Root"
        case darkMode = "Settings.DarkMode"
        case appearance = "Settings.Appearance"
        case notifications = "Settings.Notifications"
        case playbackSpeed = "Settings.PlaybackSpeed"
        case storage = "Settings.Storage"
        case signOut = "Settings.SignOut"
        case loginRoot = "Login.Root"
    }

    /// Settings sits behind sign-in; every test starts on its table.
    override func setUpWithError() throws {
        try super.setUpWithError()
        signIn()
        app.tabBars.buttons["Settings"].tap()
        XCTAssertTrue(app.tables[Locator.root.rawValue].waitForExistence(timeout: 10))
    }

    /// Dark Mode on, then off: the appearance row follows the switch.
    func testDarkModeToggle() throws {
        let darkMode = app.switches[Locator.darkMode.rawValue]
        let appearance = app.staticTexts[Locator.appearance.rawValue]
        XCTAssertTrue(darkMode.waitForExistence(timeout: 5))
        if darkMode.value as? String == "1" { darkMode.tap() }
        XCTAssertEqual(appearance.label, "Light")

        darkMode.tap()
        XCTAssertEqual(darkMode.value as? String, "1")
        XCTAssertEqual(appearance.label, "Dark")
        // The window switches style on the next run loop; wait for the switch to settle.
        let settled = XCTNSPredicateExpectation(predicate: NSPredicate(format: "isHittable == true"), object: darkMode)
        XCTAssertEqual(XCTWaiter.wait(for: [settled], timeout: 2), .completed)

        darkMode.tap()
        XCTAssertTrue(appearance.waitForExistence(timeout: 2))
        XCTAssertEqual(darkMode.value as? String, "0")
        XCTAssertEqual(appearance.label, "Light")
    }

    func testNotifications() throws {
        let notifications = app.switches[Locator.notifications.rawValue]
        let was = notifications.value as? String
        notifications.tap()
        let springboard = XCUIApplication(bundleIdentifier: "com.apple.springboard")
        let allow = springboard.alerts.buttons["Allow"]
        if allow.waitForExistence(timeout: 3) { allow.tap() }
        XCTAssertNotEqual(notifications.value as? String, was)
    }

    func testPlaybackSpeed() throws {
        app.cells[Locator.playbackSpeed.rawValue].tap()
        app.buttons["1.5×"].tap()
        XCTAssertTrue(app.cells[Locator.playbackSpeed.rawValue].staticTexts["1.5×"].waitForExistence(timeout: 2))
    }

    func testStorage() throws {
        let storage = app.cells[Locator.storage.rawValue]
        XCTAssertTrue(storage.exists)
        XCTAssertTrue(storage.staticTexts.element(boundBy: 1).label.hasSuffix("MB"))
    }

    func testSignOut() throws {
        app.swipeUp()
        app.cells[Locator.signOut.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.loginRoot.rawValue].waitForExistence(timeout: 10))
    }

    func testSnapshot() throws {
        XCTAssertTrue(app.switches[Locator.darkMode.rawValue].waitForExistence(timeout: 5))
        try captureSnapshot(screen: "Settings")
    }
}
