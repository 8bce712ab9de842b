import CanopyModel
import CanopySource
import Testing

@testable import CanopyPipeline

/// A metric's screen (`MetricChange.identifiers`): the identifiers its test touched in the run, then
/// those its own method queries in the sources, then those the rest of its class queries.
@Suite("The identifiers a measuring test touched name its screen")
struct TestTouchesTests {
    /// The shape of the sample app's `PlayerUITests/PlayerTests.swift`: identifiers as an enum's raw
    /// values, queried in `setUpWithError`, a computed helper and the test methods.
    static let index = SourceIndexer.index(files: [
        SourceFile(
            path: "PlayerUITests/PlayerTests.swift",
            text: """
                import XCTest

                final class PlayerTests: XCTestCase {
                    private enum Locator: String {
                        case root = "Player.Root"
                        case playPause = "Player.PlayPause"
                        case scrubber = "Player.Scrubber"
                        case speed = "Player.Speed"
                    }

                    private let app = XCUIApplication()

                    override func setUpWithError() throws {
                        app.launch()
                        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
                    }

                    func testPlayPause() throws {
                        app.buttons[Locator.playPause.rawValue].tap()
                    }

                    func testSpeed() throws {
                        app.buttons[Locator.speed.rawValue].tap()
                    }
                }
                """)
    ])

    static let key = "PlayerUITests.PlayerTests/testPlayPause@iPhone 16 Pro (18.2)"

    @Test("the run's touches first, then the test's own queries, then its class's; never another test's")
    func order() {
        let touched = TestTouches.identifiers(
            of: Self.key, run: ["Player.Artwork": [Self.key], "Feed.List": ["FeedTests/testScroll"]], index: Self.index)
        #expect(touched == ["Player.Artwork", "Player.PlayPause", "Player.Root"])
    }

    @Test("a base class's helpers are the class's, as affected follows them")
    func baseClass() {
        let index = SourceIndexer.index(files: [
            SourceFile(
                path: "Podcasts/LoginView.swift",
                text: """
                    struct LoginView: View {
                        var body: some View {
                            Button("Sign in") {}.accessibilityIdentifier("Login.Submit")
                            Button("Play") {}.accessibilityIdentifier("Player.PlayPause")
                        }
                    }
                    """),
            SourceFile(
                path: "PlayerUITests/PlayerTests.swift",
                text: """
                    import XCTest

                    class UITestCase: XCTestCase {
                        let app = XCUIApplication()

                        func signIn() {
                            app.buttons["Login.Submit"].tap()
                        }
                    }

                    final class PlayerTests: UITestCase {
                        func testPlayPause() throws {
                            app.buttons["Player.PlayPause"].tap()
                        }
                    }
                    """),
        ])
        #expect(
            TestTouches.identifiers(of: Self.key, run: [:], index: index) == ["Player.PlayPause", "Login.Submit"],
            "\(index.queries)")
    }

    @Test("without sources, the run's touches alone; with neither, none")
    func withoutSources() {
        #expect(
            TestTouches.identifiers(of: Self.key, run: ["Player.Artwork": [Self.key]], index: nil) == ["Player.Artwork"]
        )
        #expect(TestTouches.identifiers(of: "Other/testX", run: [:], index: Self.index).isEmpty)
    }

    @Test("each change carries its test's")
    func joined() {
        let change = MetricChange(
            testKey: Self.key, identifier: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration", unit: "s",
            device: "iPhone 16 Pro (18.2)", direction: .regressed, baselineMedian: 2.9, currentMedian: 3.4,
            baselineCount: 35, currentCount: 20, baselineRuns: 7, currentRuns: 4, pValue: 0.0001,
            baselineSpreadPercent: 3, sinceRunKey: "night-11", sinceCommit: "c11")
        let joined = TestTouches.joined(
            [change], run: ["A.One": [Self.key], "A.Two": [Self.key]], index: Self.index)
        #expect(joined[0].identifiers == ["A.One", "A.Two", "Player.PlayPause", "Player.Root"])
    }
}
