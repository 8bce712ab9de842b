import XCTest

final class SearchTests: UITestCase {
    private enum Locator: String {
        case root = "Search.Root"
        case field = "Search.Field"
        case voice = "Search.Voice"
        case podcastRoot = "Podcast.Root"
    }

    private var field: XCUIElement { app.textFields[Locator.field.rawValue] }

    private func result(_ index: Int) -> XCUIElement { app.cells["Search.Result.\(index)"] }

    override func setUpWithError() throws {
        try super.setUpWithError()
        signIn()
        app.tabBars.buttons["Search"].tap()
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
    }

    private func search(_ text: String) {
        field.tap()
        field.typeText(text + "\n")
    }

    func testSearchSuggestions() throws {
        field.tap()
        field.typeText("swift")
        XCTAssertTrue(result(0).waitForExistence(timeout: 5))
        result(0).tap()
        XCTAssertTrue(app.otherElements[Locator.podcastRoot.rawValue].waitForExistence(timeout: 5))
    }

    func testSearchNoResults() throws {
        search("zzzxqv")
        XCTAssertTrue(app.staticTexts["No Results for “zzzxqv”"].waitForExistence(timeout: 5))
        XCTAssertFalse(result(0).exists)
    }

    func testRecentSearches() throws {
        search("history")
        search("science")
        field.buttons["Clear text"].tap()
        XCTAssertTrue(app.buttons["science"].waitForExistence(timeout: 2))
        XCTAssertTrue(app.buttons["history"].exists)
    }

    /// The server's fixture catalog rotates the trending category; the test run passes its id.
    func testFilterChips() throws {
        let filterID = ProcessInfo.processInfo.environment["TRENDING_FILTER_ID"] ?? "4001"
        search("news")
        XCTAssertTrue(result(0).waitForExistence(timeout: 5))
        let before = app.cells.matching(NSPredicate(format: "identifier BEGINSWITH 'Search.Result.'")).count
        // Chips scroll horizontally; the trending one is first once the results load.
        app.scrollViews.firstMatch.swipeRight()
        app.buttons["Search.Filter.Chip-\(filterID)"].tap()
        XCTAssertLessThanOrEqual(app.cells.matching(NSPredicate(format: "identifier BEGINSWITH 'Search.Result.'")).count, before)
    }

    func testVoiceSearch() throws {
        app.buttons[Locator.voice.rawValue].tap()
        let springboard = XCUIApplication(bundleIdentifier: "com.apple.springboard")
        let allow = springboard.alerts.buttons["Allow"]
        if allow.waitForExistence(timeout: 3) { allow.tap() }
        XCTAssertTrue(app.staticTexts["Listening…"].waitForExistence(timeout: 5))
    }

    func testSnapshot() throws {
        search("news")
        XCTAssertTrue(result(0).waitForExistence(timeout: 5))
        try captureSnapshot(screen: "Search")
    }
}
