import XCTest

final class FeedTests: UITestCase {
    private enum Locator: String {
        case root = "Feed.Root"
        case refresh = "Feed.Header.Refresh"
        case searchTab = "Feed.Tab.Search"
        case libraryTab = "Feed.Tab.Library"
        case podcastRoot = "Podcast.Root"
        case searchRoot = "Search.Root"
        case libraryRoot = "Library.Root"
    }

    /// Every podcast row: `Podcast-<id>-row`.
    private var rows: XCUIElementQuery {
        app.cells.matching(NSPredicate(format: "identifier BEGINSWITH 'Podcast-' AND identifier ENDSWITH '-row'"))
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        signIn()
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
    }

    func testScrollFeed() throws {
        let first = rows.firstMatch
        XCTAssertTrue(first.waitForExistence(timeout: 10))
        app.swipeUp(velocity: .fast)
        app.swipeUp(velocity: .fast)
        XCTAssertFalse(first.isHittable)
        app.swipeDown(velocity: .fast)
        XCTAssertTrue(app.buttons[Locator.refresh.rawValue].isHittable)
    }

    func testOpenEpisode() throws {
        let row = app.cells["Podcast-\(Fixtures.podcastID)-row"]
        XCTAssertTrue(row.waitForExistence(timeout: 10))
        row.tap()
        XCTAssertTrue(app.otherElements[Locator.podcastRoot.rawValue].waitForExistence(timeout: 5))
    }

    func testFeedEmptyState() throws {
        app.terminate()
        app.launchEnvironment["PODCASTS_FIXTURE"] = "no-subscriptions"
        app.launch()
        signIn()
        XCTAssertTrue(app.staticTexts["Subscribe to a podcast and its new episodes show up here."].waitForExistence(timeout: 10))
        XCTAssertEqual(rows.count, 0)
    }

    func testFeedOffline() throws {
        app.terminate()
        app.launchEnvironment["PODCASTS_FIXTURE"] = "offline"
        app.launch()
        signIn()
        XCTAssertTrue(rows.firstMatch.waitForExistence(timeout: 10), "the cached feed shows while offline")
        app.buttons[Locator.refresh.rawValue].tap()
        XCTAssertTrue(app.staticTexts["You're offline"].waitForExistence(timeout: 5))
    }

    func testFeedPagination() throws {
        XCTAssertTrue(rows.firstMatch.waitForExistence(timeout: 10))
        let firstPage = rows.count
        for _ in 0..<6 { app.swipeUp(velocity: .fast) }
        XCTAssertGreaterThan(rows.count, firstPage)
    }

    func testFeedLayout() throws {
        app.buttons[Locator.searchTab.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.searchRoot.rawValue].waitForExistence(timeout: 5))
        app.tabBars.buttons["Feed"].tap()
        app.buttons[Locator.libraryTab.rawValue].tap()
        XCTAssertTrue(app.otherElements[Locator.libraryRoot.rawValue].waitForExistence(timeout: 5))
    }

    /// Quarantined in canopy.yml: the pull races the feed's own reload (PODS-1234).
    func testPullToRefresh() throws {
        let first = rows.firstMatch
        XCTAssertTrue(first.waitForExistence(timeout: 10))
        let before = rows.count
        // A pull of 80% of the screen's height: shorter pulls do not always trigger the refresh.
        let top = first.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5))
        let bottom = app.windows.firstMatch.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.9))
        top.press(forDuration: 0.1, thenDragTo: bottom)
        let spinner = app.activityIndicators.firstMatch
        XCTAssertTrue(spinner.waitForExistence(timeout: 2), "the pull did not start a refresh")
        XCTAssertTrue(spinner.waitForNonExistence(timeout: 10))
        XCTAssertGreaterThanOrEqual(rows.count, before)
    }

    func testSnapshot() throws {
        XCTAssertTrue(rows.firstMatch.waitForExistence(timeout: 10))
        try captureSnapshot(screen: "Feed")
    }
}

/// Ids in the UI-test server's fixture catalog.
enum Fixtures {
    static let podcastID = 48015
    static let episodeIndex = 3
}
