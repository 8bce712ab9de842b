import CanopyHistory
import CanopyRender
import CanopySource
import Foundation
import Testing

@testable import CanopyPipeline

/// `AffectedSelection` through base classes and protocols, and test names taken from the results
/// and the sources rather than from a snapshot's claim.
@Suite struct AffectedInheritanceTests {
    static let sources: [String: String] = [
        "App/Login.swift": """
        import UIKit

        final class LoginViewController: UIViewController {
            override func viewDidLoad() {
                view.accessibilityIdentifier = "Login.Root"
                navigationItem.backBarButtonItem?.accessibilityIdentifier = "Nav.Back"
            }
        }
        """,
        "AppUITests/Support/UITestCase.swift": """
        import XCTest

        class UITestCase: XCTestCase {
            let app = XCUIApplication()
            func signIn() { app.otherElements["Login.Root"].tap() }
        }

        class SignedInTestCase: UITestCase {}

        protocol Navigating {}

        extension Navigating where Self: UITestCase {
            func goBack() { app.buttons["Nav.Back"].tap() }
        }
        """,
        "AppUITests/FeedTests.swift": """
        import XCTest

        final class FeedTests: SignedInTestCase {
            func testScroll() {}
            func testRefresh() {}
        }
        """,
        "AppUITests/SearchTests.swift": """
        import XCTest

        final class SearchTests: XCTestCase, Navigating {
            func testSearch() {}
        }
        """,
        "OtherUITests/PlainTests.swift": """
        import XCTest

        final class PlainTests: XCTestCase {
            func testNothing() {}
        }
        """,
    ]

    static func index(_ files: [String: String] = sources) -> SourceIndex {
        SourceIndexer.index(files: files.map { SourceFile(path: $0.key, text: $0.value) })
    }

    static func test(_ className: String, _ name: String, device: String = "iPhone 16") -> StoredTestName {
        StoredTestName(key: "\(className)/\(name)@\(device)", className: className, name: name + "()")
    }

    static func select(_ index: SourceIndex, _ history: TestIdentifierHistory) -> AffectedSelection {
        AffectedSelection(
            changed: [
                AffectedSelection.ChangedFile(
                    path: "App/Login.swift", exists: true,
                    declarations: index.declarations.filter { $0.file == "App/Login.swift" }, baseDeclarations: nil)
            ], index: index, history: history)
    }

    static let stored = [
        test("AppUITests.FeedTests", "testScroll"), test("AppUITests.FeedTests", "testRefresh"),
        test("AppUITests.FeedTests", "testRefresh", device: "iPad"), test("AppUITests.SearchTests", "testSearch"),
        test("OtherUITests.PlainTests", "testNothing"),
    ]

    @Test func aHelperOfABaseClassSelectsEveryTestOfTheClassesInheritingIt() {
        let selection = Self.select(Self.index(), TestIdentifierHistory(runs: 3, touches: [], tests: Self.stored))
        // UITestCase and SignedInTestCase have no tests of their own: not "run everything".
        #expect(selection.runEverything.map(AffectedWords.runEverything) == [])
        #expect(
            selection.tests.map(\.test) == [
                "AppUITests.FeedTests/testRefresh", "AppUITests.FeedTests/testScroll",
                "AppUITests.SearchTests/testSearch",
            ])
        #expect(
            selection.tests[0].reasons.map(AffectedWords.reason) == [
                "inherits UITestCase, which queries Login.Root at AppUITests/Support/UITestCase.swift:5; "
                    + "Login.Root (declared App/Login.swift:5)"
            ])
        // A protocol's extension is a helper of the classes that adopt it.
        #expect(
            selection.tests[2].reasons.map(AffectedWords.reason).first?.hasPrefix(
                "inherits Navigating, which queries Nav.Back") == true)
        // Counted per test and device, as every other surface counts.
        #expect(selection.storedTests == 5)
        #expect(selection.storedTestsAffected == 4)
    }

    @Test func anInheritingClassTheHistoryNeverSawRunsEverything() {
        var files = Self.sources
        files["AppUITests/NewTests.swift"] =
            "import XCTest\nfinal class NewTests: SignedInTestCase {\n  func testA() {}\n}\n"
        let selection = Self.select(Self.index(files), TestIdentifierHistory(runs: 3, touches: [], tests: Self.stored))
        #expect(
            selection.runEverything.map(AffectedWords.runEverything) == [
                "NewTests inherits UITestCase, which queries Login.Root (AppUITests/Support/UITestCase.swift:5) "
                    + "and history never saw a test of it"
            ])
    }

    @Test func aSnapshotsClassNameGivesWayToTheResultsBundle() {
        // The snapshot claims AppUITests; the results run CheckoutTests in CheckoutUITests.
        let snapshot = StoredTestName(
            key: "AppUITests.CheckoutTests/testSnapshot", className: "", name: "AppUITests.CheckoutTests/testSnapshot")
        let history = TestIdentifierHistory(
            runs: 1,
            touches: [
                .init(
                    identifier: "Login.Root", test: snapshot, lastRunKey: "sha256:1686d5f0",
                    lastRunStarted: Date(timeIntervalSince1970: 1_763_690_400), lastRunCommit: "4f9a3edac6bd2ab1")
            ], tests: [Self.test("CheckoutUITests.CheckoutTests", "testPay")])
        let selection = Self.select(Self.index(["App/Login.swift": Self.sources["App/Login.swift"]!]), history)
        #expect(selection.runEverything.map(AffectedWords.runEverything) == [])
        #expect(selection.tests.map(\.test) == ["CheckoutUITests.CheckoutTests/testSnapshot"])
        #expect(selection.tests.map(\.onlyTesting) == ["CheckoutUITests/CheckoutTests/testSnapshot"])
        #expect(
            selection.tests.first?.reasons.map(AffectedWords.reason) == [
                "touched Login.Root in the run of 2025-11-21 at commit 4f9a3edac6bd; Login.Root (declared App/Login.swift:5)"
            ])
    }

    @Test func aSnapshotsClassNeitherResultsNorSourcesKnowHasNoBundle() {
        let snapshot = StoredTestName(
            key: "AppUITests.GhostTests/testA", className: "", name: "AppUITests.GhostTests/testA")
        let history = TestIdentifierHistory(
            runs: 1, touches: [.init(identifier: "Login.Root", test: snapshot, lastRunKey: "r1")], tests: [])
        let selection = Self.select(Self.index(["App/Login.swift": Self.sources["App/Login.swift"]!]), history)
        #expect(
            selection.runEverything.map(AffectedWords.runEverything) == [
                "the test bundle of AppUITests.GhostTests/testA is unknown, so -only-testing cannot name it"
            ])
        #expect(selection.tests.first?.reasons.map(AffectedWords.reason).first?.contains("in run r1;") == true)
    }
}
