import CanopyHistory
import CanopyRender
import CanopySource
import Foundation
import Testing

@testable import CanopyPipeline

/// The rules of `AffectedSelection` on sources indexed from text and a history written by hand.
@Suite struct AffectedSelectionTests {
    static let index = SourceIndexer.index(files: [
        SourceFile(
            path: "App/Cart.swift",
            text: """
                import UIKit

                final class CartViewController: UIViewController {
                    override func viewDidLoad() {
                        view.accessibilityIdentifier = "Cart.Root"
                    }
                }
                """),
        SourceFile(
            path: "CartUITests/CartTests.swift",
            text: """
                import XCTest

                final class CartTests: XCTestCase {
                    let app = XCUIApplication()

                    private func openCart() {
                        app.otherElements["Cart.Root"].tap()
                    }

                    func testEmpty() { openCart() }

                    func testFull() { openCart() }
                }
                """),
    ])

    static func test(_ className: String, _ name: String) -> StoredTestName {
        StoredTestName(key: "\(className)/\(name)@iPhone 16", className: className, name: name + "()")
    }

    static func changed(_ path: String) -> AffectedSelection.ChangedFile {
        AffectedSelection.ChangedFile(
            path: path, exists: true, declarations: index.declarations.filter { $0.file == path },
            baseDeclarations: nil)
    }

    @Test func aQueryInAHelperOfATestClassSelectsEveryTestOfTheClass() {
        let history = TestIdentifierHistory(
            runs: 2, touches: [],
            tests: [
                Self.test("CartTests", "testEmpty"), Self.test("CartTests", "testFull"), Self.test("Other", "testX"),
            ])
        let selection = AffectedSelection(
            changed: [Self.changed("App/Cart.swift")], index: Self.index, history: history)
        #expect(selection.runEverything.map(AffectedWords.runEverything) == [])
        #expect(selection.tests.map(\.test) == ["CartTests/testEmpty", "CartTests/testFull"])
        // No module in the class name: the bundle is the test file's top folder.
        #expect(
            selection.tests.map(\.onlyTesting) == ["CartUITests/CartTests/testEmpty", "CartUITests/CartTests/testFull"])
        #expect(
            selection.tests[0].reasons.map(AffectedWords.reason) == [
                "its class queries Cart.Root at CartUITests/CartTests.swift:7; Cart.Root (declared App/Cart.swift:5)"
            ])
    }

    @Test func aQueryingClassTheHistoryNeverSawRunsEverything() {
        let history = TestIdentifierHistory(runs: 1, touches: [], tests: [Self.test("Other", "testX")])
        let selection = AffectedSelection(
            changed: [Self.changed("App/Cart.swift")], index: Self.index, history: history)
        #expect(
            selection.runEverything.map(AffectedWords.runEverything) == [
                "CartTests queries Cart.Root (CartUITests/CartTests.swift:7) and history never saw a test of it"
            ])
    }

    @Test func aTestKnownOnlyFromASnapshotIsNamedFromItsKeyAndSelectedByItsQuery() {
        // Snapshot and audit files name a test by its key alone; the store keeps no class and no
        // result for it, only what it touched.
        let name = StoredTestName(
            key: "CartUITests.CartTests/testSnapshot", className: "", name: "CartUITests.CartTests/testSnapshot")
        #expect(name.className == "CartUITests.CartTests")
        #expect(name.name == "testSnapshot")
        let index = SourceIndexer.index(files: [
            SourceFile(path: "App/Cart.swift", text: Self.cart),
            SourceFile(
                path: "CartUITests/CartTests.swift",
                text: """
                    import XCTest

                    final class CartTests: XCTestCase {
                        func testSnapshot() {
                            XCUIApplication().otherElements["Cart.Root"].tap()
                        }
                    }
                    """),
        ])
        let history = TestIdentifierHistory(
            runs: 1, touches: [.init(identifier: "Other.Thing", test: name, lastRunKey: "r1")], tests: [])
        let selection = AffectedSelection(
            changed: [
                AffectedSelection.ChangedFile(
                    path: "App/Cart.swift", exists: true,
                    declarations: index.declarations.filter { $0.file == "App/Cart.swift" }, baseDeclarations: nil)
            ], index: index, history: history)
        #expect(selection.runEverything.map(AffectedWords.runEverything) == [])
        #expect(selection.tests.map(\.onlyTesting) == ["CartUITests/CartTests/testSnapshot"])
    }

    @Test func aStoreWithoutRunsRunsEverything() {
        let selection = AffectedSelection(
            changed: [Self.changed("App/Cart.swift")], index: Self.index,
            history: TestIdentifierHistory(runs: 0, touches: [], tests: []))
        #expect(selection.runEverything.map(AffectedWords.runEverything).first == "the history store holds no runs")
    }

    @Test func aTestWhoseBundleIsUnknownRunsEverything() {
        let name = Self.test("LooseTests", "testA")
        let history = TestIdentifierHistory(
            runs: 1, touches: [.init(identifier: "Cart.Root", test: name, lastRunKey: "r1")], tests: [name])
        let selection = AffectedSelection(
            changed: [Self.changed("App/Cart.swift")],
            index: SourceIndexer.index(files: [SourceFile(path: "App/Cart.swift", text: Self.cart)]), history: history)
        #expect(selection.tests.map(\.test) == ["LooseTests/testA"])
        #expect(
            selection.runEverything.map(AffectedWords.runEverything) == [
                "the test bundle of LooseTests/testA is unknown, so -only-testing cannot name it"
            ])
    }

    static let cart = """
        import UIKit

        final class CartViewController: UIViewController {
            override func viewDidLoad() {
                view.accessibilityIdentifier = "Cart.Root"
            }
        }
        """
}
