import XCTest

final class LibraryTests: UITestCase {
    private enum Locator: String {
        case root = "Library.Root"
        case tabs = "Library.Tabs"
        case sort = "Library.Sort"
        case edit = "Library.Edit"
    }

    private var items: XCUIElementQuery {
        app.cells.matching(NSPredicate(format: "identifier BEGINSWITH %@", "Library.Item."))
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        signIn()
        app.tabBars.buttons["Library"].tap()
        XCTAssertTrue(app.otherElements[Locator.root.rawValue].waitForExistence(timeout: 10))
    }

    /// The segments of `Library.Tabs`, in order.
    private enum Section: Int, CaseIterable {
        case shows, downloads, queue, history
    }

    private func segment(_ section: Section) -> XCUIElement {
        app.segmentedControls[Locator.tabs.rawValue].buttons.element(boundBy: section.rawValue)
    }

    private func show(_ section: Section) {
        segment(section).tap()
    }

    func testLibraryTabs() throws {
        for section in Section.allCases {
            show(section)
            XCTAssertTrue(segment(section).isSelected)
        }
    }

    func testDeleteDownload() throws {
        show(.downloads)
        let first = app.cells["Library.Item.0"]
        XCTAssertTrue(first.waitForExistence(timeout: 5))
        let count = items.count
        app.buttons[Locator.edit.rawValue].tap()
        first.buttons.element(boundBy: 0).tap()
        first.buttons["Delete"].tap()
        XCTAssertEqual(items.count, count - 1)
    }

    func testSortLibrary() throws {
        app.buttons[Locator.sort.rawValue].tap()
        app.buttons["Title"].tap()
        let titles = (0..<min(items.count, 5)).map { items.element(boundBy: $0).staticTexts.firstMatch.label }
        XCTAssertEqual(titles, titles.sorted())
    }

    func testQueue() throws {
        show(.queue)
        XCTAssertTrue(app.cells["Library.Item.0"].waitForExistence(timeout: 5))
    }

    func testHistory() throws {
        show(.history)
        XCTAssertGreaterThan(items.count, 0)
    }

    func testSnapshot() throws {
        XCTAssertTrue(items.firstMatch.waitForExistence(timeout: 5))
        try captureSnapshot(screen: "Library")
    }
}
