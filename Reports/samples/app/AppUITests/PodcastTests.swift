import XCTest

final class PodcastTests: UITestCase {
    private enum Locator: String {
        case root = "Podcast.Root"
        case subscribe = "Podcast.Subscribe"
        case download = "Podcast.Download"
        case back = "Podcast.Back"
        case feed = "Feed.Root"
    }

    private let podcastID = Fixtures.podcastID

    override func setUpWithError() throws {
        try super.setUpWithError()
        signIn()
        let row = app.cells["Podcast-\(podcastID)-row"]
        XCTAssertTrue(row.waitForExistence(timeout: 10))
        row.tap()
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 5))
    }

    private func episode(_ index: Int) -> XCUIElement {
        app.cells["Podcast.Episode.\(index)"]
    }

    func testSubscribe() throws {
        let subscribe = app.buttons[Locator.subscribe.rawValue]
        XCTAssertEqual(subscribe.label, "Subscribe")
        subscribe.tap()
        XCTAssertEqual(subscribe.label, "Unsubscribe")
    }

    func testUnsubscribe() throws {
        let subscribe = app.buttons[Locator.subscribe.rawValue]
        if subscribe.label == "Subscribe" { subscribe.tap() }
        subscribe.tap()
        XCTAssertEqual(subscribe.label, "Subscribe")
        app.buttons[Locator.back.rawValue].tap()
        XCTAssertFalse(app.cells["Podcast-\(podcastID)-row"].waitForExistence(timeout: 2))
    }

    func testEpisodeList() throws {
        XCTAssertTrue(episode(0).waitForExistence(timeout: 5))
        XCTAssertGreaterThanOrEqual(app.cells.matching(NSPredicate(format: "identifier BEGINSWITH 'Podcast.Episode.'")).count, 5)
    }

    func testDownloadEpisode() throws {
        app.buttons[Locator.download.rawValue].tap()
        let progress = episode(0).progressIndicators.firstMatch
        XCTAssertTrue(progress.waitForNonExistence(timeout: 30), "the download did not finish")
    }

    func testMarkPlayed() throws {
        let row = episode(Fixtures.episodeIndex)
        row.swipeLeft()
        row.buttons["Mark as Played"].tap()
        XCTAssertTrue(row.images["checkmark.circle.fill"].waitForExistence(timeout: 2))
    }

    /// The share button sits in the header; the share sheet lists Copy Link first.
    func testShareSheet() throws {
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].exists)
        app.buttons["Podcast-\(podcastID)-share"].tap()
        let copy = app.cells["Copy Link"]
        XCTAssertTrue(copy.waitForExistence(timeout: 5))
        copy.tap()
        XCTAssertEqual(UIPasteboard.general.url?.lastPathComponent, String(podcastID))
    }

    func testSnapshot() throws {
        XCTAssertTrue(episode(0).waitForExistence(timeout: 5))
        try captureSnapshot(screen: "Podcast")
    }
}
