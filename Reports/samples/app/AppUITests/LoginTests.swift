import XCTest

final class LoginTests: UITestCase {
    private enum Locator: String {
        case root = "Login.Root"
        case email = "Login.Email"
        case password = "Login.Password"
        case submit = "Login.Submit"
        case forgotPassword = "Login.ForgotPassword"
        case signUp = "Login.SignUp"
        case rememberMe = "Login.RememberMe"
        case biometric = "Login.Biometric"
        case feed = "Feed.Root"
        case settings = "Settings.Root"
        case signOut = "Settings.SignOut"
    }

    private var emailField: XCUIElement { app.textFields[Locator.email.rawValue] }
    private var passwordField: XCUIElement { app.secureTextFields[Locator.password.rawValue] }

    func testLogin() throws {
        emailField.tap()
        emailField.typeText("listener@example.com")
        passwordField.tap()
        passwordField.typeText("correct horse")
        app.buttons[Locator.submit.rawValue].tap()

        // iOS offers to save the password to the keychain the first time.
        let notNow = app.buttons["Not Now"]
        if notNow.waitForExistence(timeout: 2) { notNow.tap() }

        XCTAssertTrue(app.otherElements[Locator.feed.rawValue].waitForExistence(timeout: 10))
        XCTAssertFalse(app.otherElements[Locator.root.rawValue].exists)
    }

    func testLoginShowsError() throws {
        emailField.tap()
        emailField.typeText("listener@example.com")
        app.buttons[Locator.submit.rawValue].tap()

        // The banner names itself `Login.ErrorBanner`; match it by its text, which the user sees.
        let banner = app.otherElements.containing(NSPredicate(format: "label CONTAINS[c] 'email and password'"))
        XCTAssertTrue(banner.firstMatch.waitForExistence(timeout: 5))
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].exists)
    }

    func testForgotPassword() throws {
        app.buttons[Locator.forgotPassword.rawValue].tap()

        let safari = XCUIApplication(bundleIdentifier: "com.apple.mobilesafari")
        XCTAssertTrue(safari.wait(for: .runningForeground, timeout: 10))
        app.activate()
    }

    func testSignUp() throws {
        app.buttons[Locator.signUp.rawValue].tap()

        let sheet = app.sheets.firstMatch
        XCTAssertTrue(sheet.waitForExistence(timeout: 5))
        XCTAssertTrue(sheet.staticTexts["Create your account"].exists)
        let name = sheet.textFields["Name"]
        name.tap()
        name.typeText("Ada Lovelace")
        sheet.buttons["Continue"].tap()
        XCTAssertTrue(sheet.staticTexts["Check your inbox"].waitForExistence(timeout: 5))
    }

    func testLogout() throws {
        signIn()
        XCTAssertTrue(app.otherElements[Locator.feed.rawValue].waitForExistence(timeout: 10))
        app.tabBars.buttons["Settings"].tap()

        let signOut = app.cells[Locator.signOut.rawValue]
        XCTAssertTrue(signOut.waitForExistence(timeout: 5))
        signOut.tap()
        let confirm = app.alerts.buttons["Sign Out"]
        XCTAssertTrue(confirm.waitForExistence(timeout: 2))
        confirm.tap()

        XCTAssertTrue(emailField.waitForExistence(timeout: 10))
    }

    func testSnapshot() throws {
        XCTAssertTrue(emailField.waitForExistence(timeout: 10))
        try captureSnapshot(screen: "Login")
    }

    func testAccessibilityAudit() throws {
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
        try app.performAccessibilityAudit(for: [.contrast, .hitRegion, .dynamicType, .sufficientElementDescription]) {
            issue in
            // Decorative images carry no label on purpose.
            issue.auditType == .sufficientElementDescription && issue.element?.elementType == .image
        }
    }

    // MARK: Face ID

    /// Remember me, sign out, then sign in with Face ID: the simulator's enrolled face matches.
    func testBiometricPrompt() throws {
        let rememberMe = app.switches[Locator.rememberMe.rawValue]
        XCTAssertTrue(rememberMe.waitForExistence(timeout: 10))
        rememberMe.tap()
        signIn()
        XCTAssertTrue(app.otherElements[Locator.feed.rawValue].waitForExistence(timeout: 10))
        signOutFromSettings()

        let faceID = app.buttons[Locator.biometric.rawValue]
        XCTAssertTrue(faceID.waitForExistence(timeout: 5))
        faceID.tap()

        // The first use asks for Face ID permission; the simulator's answer comes from
        // springboard, outside the app's element tree.
        let springboard = XCUIApplication(bundleIdentifier: "com.apple.springboard")
        let allow = springboard.alerts.buttons["OK"]
        if allow.waitForExistence(timeout: 3) { allow.tap() }
        Biometrics.enroll()
        Biometrics.match()

        XCTAssertTrue(app.otherElements[Locator.feed.rawValue].waitForExistence(timeout: 10))
    }

    private func signOutFromSettings() {
        app.tabBars.buttons["Settings"].tap()
        app.cells[Locator.signOut.rawValue].tap()
    }
}

/// Face ID in the simulator, through the notifications `simctl` sends (Features > Face ID).
enum Biometrics {
    static func enroll() { post("com.apple.BiometricKit_Sim.fingerTouch.enrolled") }
    static func match() { post("com.apple.BiometricKit_Sim.pearl.match") }
    static func fail() { post("com.apple.BiometricKit_Sim.pearl.nomatch") }

    private static func post(_ name: String) {
        let center = CFNotificationCenterGetDarwinNotifyCenter()
        CFNotificationCenterPostNotification(center, CFNotificationName(name as CFString), nil, nil, true)
    }
}
