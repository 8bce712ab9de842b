import Foundation
import Testing

@testable import CanopySource

/// One rule each, on small sources in the shapes apps use.
@Suite("Source index rules")
struct SourceIndexRuleTests {
    static func index(_ files: [String: String]) -> SourceIndex {
        SourceIndexer.index(files: files.map { SourceFile(path: $0.key, text: $0.value) })
    }

    static func identifiers(_ source: String) -> [String] {
        index(["A.swift": source]).declarations.map(\.identifier)
    }

    @Test func aBareEnumCaseInterpolatesAsItsName() {
        let source = """
            enum Screen: String { case checkout = "Checkout" }
            struct V { var body: some View { Text("").accessibilityIdentifier("\\(Screen.checkout).title") } }
            """
        #expect(Self.identifiers(source) == ["checkout.title"])
    }

    @Test func aConstantInTheSameTypeResolvesByItsName() {
        let source = """
            final class C: UIViewController {
                static let rootID = "Settings.Root"
                func viewDidLoad() { view.accessibilityIdentifier = Self.rootID; view.accessibilityIdentifier = rootID }
            }
            """
        #expect(Self.identifiers(source) == ["Settings.Root", "Settings.Root"])
    }

    @Test func constantsResolveAcrossFiles() {
        let index = Self.index([
            "IDs.swift": "enum IDs { static let login = \"login_button_submit\" }",
            "Login.swift": "struct Login { func f() { button.accessibilityIdentifier = IDs.login } }",
        ])
        #expect(index.declarations.map(\.identifier) == ["login_button_submit"])
        #expect(index.declarations.first?.file == "Login.swift")
    }

    @Test func anImplicitMemberOrAParameterIsUnresolved() {
        let source = """
            struct V {
                func f(id: String) { a.accessibilityIdentifier = id; b.accessibilityIdentifier = .payButton }
                var body: some View { Text("").accessibilityIdentifier(ids[0]) }
            }
            """
        let index = Self.index(["A.swift": source])
        #expect(index.declarations.isEmpty)
        #expect(index.unresolved.map(\.expression) == ["id", ".payButton", "ids[0]"])
    }

    @Test func aTemplateMadeOnlyOfPlaceholdersIsUnresolved() {
        let index = Self.index(["A.swift": "struct V { func f() { a.accessibilityIdentifier = \"\\(model.name)\" } }"])
        #expect(index.declarations.isEmpty)
        #expect(index.summary.unresolved == 1)
    }

    @Test func aPredicateWithAnArgumentResolvesItsLocator() {
        let source = """
            import XCTest
            enum L: String { case submit = "Login.Submit" }
            final class T: XCTestCase {
                func testLogin() {
                    _ = app.buttons.matching(NSPredicate(format: "identifier == %@", L.submit.rawValue))
                    _ = app.buttons.matching(NSPredicate(format: "label == 'x' AND identifier == \\"Login.Other\\""))
                }
            }
            """
        let index = Self.index(["UITests/T.swift": source])
        #expect(index.queries.map(\.identifier) == ["Login.Submit", "Login.Other"])
        #expect(index.declarations.map(\.kind) == [.locator])
    }

    @Test func aStringEnumInTheAppIsNotALocator() {
        let index = Self.index(["A.swift": "enum Screen: String { case checkout = \"Checkout\" }"])
        #expect(index.declarations.isEmpty)
    }

    @Test func aSyntaxErrorStillIndexesWhatParses() {
        let source = "struct V { func f() { a.accessibilityIdentifier = \"Ok.Id\" }\n func g( {"
        #expect(Self.identifiers(source) == ["Ok.Id"])
    }

    @Test func reflectionByStringDescribingAndABareAssignmentInsideAView() {
        let source = """
            final class ProfileHeaderView: UIView {
                func setUp() {
                    accessibilityIdentifier = String(describing: type(of: self))
                    avatar.accessibilityIdentifier = "\\(String(describing: Self.self)).avatar"
                }
            }
            """
        let declarations = Self.index(["A.swift": source]).declarations
        #expect(declarations.map(\.identifier) == ["ProfileHeaderView", "ProfileHeaderView.avatar"])
        #expect(declarations.map(\.kind) == [.reflection, .reflection])
        #expect(declarations.map(\.line) == [3, 4])
    }
}

/// Which files a directory's index reads.
@Suite("Source index files")
struct SourceIndexFileTests {
    @Test func hiddenAndDependencyDirectoriesAreSkipped() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let line = "struct V { func f() { a.accessibilityIdentifier = \"Kept\" } }"
        for path in ["App/V.swift", ".build/checkouts/X.swift", "Pods/Lib/X.swift", "App/notes.txt"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try line.write(to: url, atomically: true, encoding: .utf8)
        }
        let index = try SourceIndexer.index(directory: root)
        #expect(index.files == 1)
        #expect(index.declarations.map(\.file) == ["App/V.swift"])
    }

    @Test func aFileThatIsNotUTF8IsAnErrorNamingIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data([0x6C, 0x65, 0x74, 0xFF, 0xFE]).write(to: root.appendingPathComponent("Bad.swift"))
        let error = try #require(throws: SourceError.self) { try SourceIndexer.index(directory: root) }
        #expect(error.description.hasSuffix("Bad.swift: cannot read: not UTF-8 text"), "\(error)")
    }
}
