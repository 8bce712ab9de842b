import XCTest

/// The full-screen and mini player, with a local 20-minute episode (`-fixtureEpisode`).
final class PlayerTests: XCTestCase {
    private enum Locator: String {
        case root = "Player.Root"
        case playPause = "Player.PlayPause"
        case scrubber = "Player.Scrubber"
        case skipForward = "Player.SkipForward"
        case speed = "Player.Speed"
        case sleepTimer = "Player.SleepTimer"
        case chapters = "Player.Chapters"
        case airPlay = "Player.AirPlay"
        case miniPlayerClose = "Player.MiniPlayer.Close"
    }

    private let app = XCUIApplication()

    private var scrubber: XCUIElement { app.sliders[Locator.scrubber.rawValue] }

    override func setUpWithError() throws {
        continueAfterFailure = false
        app.launchArguments = ["-uiTesting", "-signedIn", "-fixtureEpisode", "-openPlayer"]
        app.launch()
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
    }

    private func position() -> Double {
        Double((scrubber.value as? String)?.trimmingCharacters(in: .init(charactersIn: "%")) ?? "") ?? 0
    }

    func testPlayPause() throws {
        let button = app.buttons[Locator.playPause.rawValue]
        button.tap()
        XCTAssertEqual(button.label, "Pause")
        button.tap()
        XCTAssertEqual(button.label, "Play")
    }

    func testSkipForward() throws {
        let start = position()
        app.buttons[Locator.skipForward.rawValue].tap()
        XCTAssertGreaterThan(position(), start)
    }

    func testSleepTimer() throws {
        app.buttons[Locator.sleepTimer.rawValue].tap()
        app.buttons["15 minutes"].tap()
        XCTAssertTrue(app.buttons[Locator.sleepTimer.rawValue].isSelected)
    }

    func testAirPlayPicker() throws {
        app.buttons[Locator.airPlay.rawValue].tap()
        XCTAssertTrue(app.otherElements["AVRoutePickerView"].waitForExistence(timeout: 5))
    }

    func testChapters() throws {
        app.buttons[Locator.chapters.rawValue].tap()
        XCTAssertTrue(app.staticTexts["Chapters"].waitForExistence(timeout: 5))
    }

    /// Drag the scrubber to the middle and wait for playback to report the new position.
    func testScrubbing() throws {
        app.buttons[Locator.playPause.rawValue].tap()
        // The slider reports its value as a percentage of the episode; wait for playback to start
        // so the value is not the initial 0%.
        XCTAssertTrue(app.buttons[Locator.playPause.rawValue].wait(for: \.label, toEqual: "Pause", timeout: 5))
        let start = scrubber.value as? String

        scrubber.adjust(toNormalizedSliderPosition: 0.5)
        let moved = XCTNSPredicateExpectation(predicate: NSPredicate(format: "value != %@", start ?? ""), object: scrubber)
        moved.expectationDescription = "Player.Scrubber value changes"
        wait(for: [moved], timeout: 10)
        XCTAssertEqual(position(), 50, accuracy: 2)
    }

    func testMiniPlayer() throws {
        app.swipeDown()
        let close = app.buttons[Locator.miniPlayerClose.rawValue]
        XCTAssertTrue(close.waitForExistence(timeout: 5))
        close.tap()
        XCTAssertFalse(close.exists)
    }

    func testSpeedMenu() throws {
        app.buttons[Locator.speed.rawValue].tap()
        app.buttons["1.5×"].tap()
        XCTAssertEqual(app.buttons[Locator.speed.rawValue].label, "Speed")
    }
}
