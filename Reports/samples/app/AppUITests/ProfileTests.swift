import XCTest

/// The profile header names its subviews by reflection: `ProfileHeaderView.<property>`.
final class ProfileTests: UITestCase {
    private enum Locator: String {
        case avatar = "ProfileHeaderView.avatarView"
        case name = "ProfileHeaderView.nameLabel"
        case editName = "ProfileHeaderView.editNameButton"
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        signIn()
        app.tabBars.buttons["Settings"].tap()
        app.navigationBars.buttons["Profile"].tap()
    }

    func testEditName() throws {
        app.buttons[Locator.editName.rawValue].tap()
        let field = app.alerts.textFields.firstMatch
        field.typeText("Ada")
        app.alerts.buttons["Save"].tap()
        XCTAssertEqual(app.staticTexts[Locator.name.rawValue].label, "Ada")
    }

    func testAvatar() throws {
        XCTAssertTrue(app.images[Locator.avatar.rawValue].waitForExistence(timeout: 5))
    }

    func testStats() throws {
        let stats = app.staticTexts.matching(identifier: "ProfileHeaderView.statsLabel").firstMatch
        XCTAssertTrue(stats.label.hasSuffix("hours"))
    }
}
