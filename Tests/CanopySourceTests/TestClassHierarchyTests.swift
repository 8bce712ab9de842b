import Foundation
import Testing

@testable import CanopySource

/// UI-test classes through base classes and protocols, label queries kept apart from identifier
/// queries, and the cache format that records both.
@Suite("UI-test class hierarchy and label queries")
struct TestClassHierarchyTests {
    /// A base class two levels up, a protocol with a helper extension, a page object, a class
    /// that is not a test, and a test class in a file of its own.
    static let files: [String: String] = [
        "AppUITests/Support/BaseUITest.swift": """
        import XCTest

        class BaseUITest: XCTestCase {
            let app = XCUIApplication()

            func signIn() {
                app.textFields.matching(identifier: "Login.Email").firstMatch.tap()
            }
        }

        class FeatureUITest: BaseUITest {
            func openTabs() { app.tabBars["Tabs.Bar"].tap() }
        }

        protocol Navigating {}

        extension Navigating where Self: BaseUITest {
            func goBack() { app.buttons["Nav.Back"].tap() }
        }

        struct LoginPage {
            let app: XCUIApplication
            var submit: XCUIElement { app.buttons["Login.Submit"] }
        }

        final class Recorder: NSObject {}
        """,
        "AppUITests/LoginTests.swift": """
        import XCTest

        final class LoginTests: FeatureUITest, Navigating {
            func testLogin() {
                signIn()
                app.buttons["Cancel"].tap()
                app.buttons["Not Now"].tap()
            }
        }
        """,
        "App/LoginView.swift": """
        import SwiftUI

        struct LoginView: View {
            let id: Int
            var body: some View {
                VStack {
                    TextField("Email", text: .constant("")).accessibilityIdentifier("Login.Email")
                    Button("Sign in") {}.accessibilityIdentifier("Login.Submit")
                    Button("Back") {}.accessibilityIdentifier("Nav.Back")
                    Text("Tabs").accessibilityIdentifier("Tabs.Bar")
                    Text("Row").accessibilityIdentifier("Row-\\(id)")
                }
            }
        }
        """,
        "AppUITests/RowTests.swift": """
        import XCTest

        final class RowTests: BaseUITest {
            func testRow() { app.cells["Row-7"].tap() }
        }
        """,
    ]

    static var index: SourceIndex {
        SourceIndexer.index(files: files.map { SourceFile(path: $0.key, text: $0.value) })
    }

    @Test func aClassInheritingATestCaseThroughAnotherFileIsATestClass() {
        let classes = Self.index.testClasses
        // In path order.
        #expect(classes.map(\.name) == ["LoginTests", "RowTests", "BaseUITest", "FeatureUITest"])
        #expect(classes.first { $0.name == "LoginTests" }?.inherits == ["FeatureUITest", "Navigating"])
        #expect(Self.index.baseTestClasses == ["BaseUITest", "FeatureUITest"])
    }

    @Test func aTestClassInheritsItsBasesAndProtocolsTransitively() {
        let ancestry = Self.index.testClassAncestry
        #expect(
            ancestry["LoginTests"] == ["LoginTests", "FeatureUITest", "Navigating", "BaseUITest", "XCTestCase"])
        #expect(ancestry["RowTests"] == ["RowTests", "BaseUITest", "XCTestCase"])
    }

    @Test func anExtensionsConformanceAndAProtocolsParentAreInheritedToo() {
        var files = Self.files
        files["AppUITests/RowTests+Navigating.swift"] = "import XCTest\n\nextension RowTests: SignedIn {}\n"
        files["AppUITests/Support/SignedIn.swift"] = "import XCTest\n\nprotocol SignedIn: Navigating {}\n"
        let index = SourceIndexer.index(files: files.map { SourceFile(path: $0.key, text: $0.value) })
        #expect(
            index.conformances == [
                TypeConformance(name: "RowTests", inherits: ["SignedIn"]),
                TypeConformance(name: "SignedIn", inherits: ["Navigating"]),
            ])
        #expect(
            index.testClassAncestry["RowTests"] == ["RowTests", "BaseUITest", "XCTestCase", "SignedIn", "Navigating"])
        // An extension is no class: the class's own file stays its file.
        #expect(index.testClasses.filter { $0.name == "RowTests" }.map(\.file) == ["AppUITests/RowTests.swift"])
    }

    @Test func aLoopOfClassesIsNoTestClass() {
        let index = SourceIndexer.index(files: [
            SourceFile(path: "UITests/Loop.swift", text: "import XCTest\nclass A: B {}\nclass B: A {}\n")
        ])
        #expect(index.testClasses.isEmpty)
    }

    @Test func aSubscriptKeyNoDeclarationNamesIsALabelQuery() {
        let index = Self.index
        #expect(index.labelQueries.map(\.identifier) == ["Cancel", "Not Now"])
        #expect(
            Set(index.queries.map(\.identifier)) == ["Login.Email", "Tabs.Bar", "Nav.Back", "Login.Submit", "Row-7"])
        #expect(index.summary.queries == 5)
    }

    @Test func matchingByIdentifierIsAnIdentifierQueryEvenWhenUndeclared() {
        let index = SourceIndexer.index(files: [
            SourceFile(
                path: "UITests/T.swift",
                text: """
                    import XCTest
                    final class T: XCTestCase {
                        func testA() {
                            XCUIApplication().buttons.matching(identifier: "Undeclared.Thing").firstMatch.tap()
                            XCUIApplication().buttons["Undeclared.Thing"].tap()
                        }
                    }
                    """)
        ])
        #expect(index.queries.map(\.identifier) == ["Undeclared.Thing"])
        #expect(index.labelQueries.map(\.line) == [5])
    }

    /// A cache of the format before test classes recorded their inheritance would read as a tree
    /// without test classes: it is indexed again instead.
    @Test func aCacheOfThePreviousFormatIsIndexedAgain() throws {
        let tree = try SourceIndexCacheTests.Tree(Self.files)
        let cold = try tree.cold()
        _ = try tree.warm()
        try SourceIndexCacheTests.rewrite(tree.cacheFile) { object in
            object["format"] = SourceIndexCache.formatVersion - 1
            var files = try #require(object["files"] as? [[String: Any]])
            for position in files.indices {
                var index = try #require(files[position]["index"] as? [String: Any])
                index["testClasses"] = []
                files[position]["index"] = index
            }
            object["files"] = files
        }
        let warm = try tree.warm()
        #expect(warm.counts == SourceIndexCacheTests.counts(4, 0))
        #expect(warm.index == cold.index)
        #expect(warm.index.testClasses.count == 4)
    }
}
