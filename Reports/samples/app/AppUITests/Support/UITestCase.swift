import XCTest

/// The base of every AppUITests class: a fresh app per test, signed out, animations off, and
/// Canopy element-tree snapshots on request.
class UITestCase: XCTestCase {
    let app = XCUIApplication()

    /// Launch arguments a test adds before `launch()`.
    var extraArguments: [String] { [] }

    override func setUpWithError() throws {
        continueAfterFailure = false
        app.launchArguments = ["-uiTesting", "-disableAnimations", "-AppleLanguages", "(en)"] + extraArguments
        app.launchEnvironment["PODCASTS_API"] = "http://localhost:8089/v2"
        app.launch()
    }

    /// Signs in with the test account through the login screen.
    func signIn(email: String = "listener@example.com", password: String = "correct horse") {
        let field = app.textFields.matching(identifier: "Login.Email").firstMatch
        XCTAssertTrue(field.waitForExistence(timeout: 10), "the login screen did not appear")
        field.tap()
        field.typeText(email)
        let secure = app.secureTextFields.matching(identifier: "Login.Password").firstMatch
        secure.tap()
        secure.typeText(password)
        app.buttons.matching(identifier: "Login.Submit").firstMatch.tap()
    }

    /// Attaches the current element tree as `canopy-snapshot.json` for Canopy's identifier
    /// coverage (`screen` names it on the dashboard).
    func captureSnapshot(screen: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let tree = try app.snapshot()
        let document: [String: Any] = ["screens": [["name": screen, "test": name, "root": Self.element(tree)]]]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        let attachment = XCTAttachment(data: data, uniformTypeIdentifier: "public.json")
        attachment.name = "canopy-snapshot.json"
        attachment.lifetime = .keepAlways
        add(attachment)
    }

    private static func element(_ snapshot: XCUIElementSnapshot) -> [String: Any] {
        [
            "elementType": snapshot.elementType.rawValue, "identifier": snapshot.identifier, "label": snapshot.label,
            "frame": [
                "x": snapshot.frame.minX, "y": snapshot.frame.minY, "width": snapshot.frame.width,
                "height": snapshot.frame.height,
            ],
            "isEnabled": snapshot.isEnabled, "isSelected": snapshot.isSelected,
            "children": snapshot.children.map(element),
        ]
    }
}
