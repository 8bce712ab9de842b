import Foundation
import Testing

@testable import CanopySource

/// The source-index cache: a warm index equals a cold one, parses only what changed, and re-runs
/// the second pass everywhere when the facts it depends on change; a bad cache file is ignored.
@Suite("Source index cache")
struct SourceIndexCacheTests {
    /// A small app in the shapes the index reads: string constants in one file (one of them
    /// composed from an enum case), a SwiftUI view and a UIKit view controller using them.
    static let app: [String: String] = [
        "App/AccessibilityID.swift": """
        enum Screen: String {
            case login = "Login"
            case settings = "Settings"
        }

        enum AccessibilityID {
            enum Login {
                static let submit = "login_button_submit"
                static let email = "\\(Screen.login.rawValue).email" + "Field"
            }
        }
        """,
        "App/Login/LoginView.swift": """
        import SwiftUI

        struct LoginView: View {
            @State private var email = ""

            var body: some View {
                VStack {
                    TextField("Email", text: $email)
                        .accessibilityIdentifier(AccessibilityID.Login.email)
                    Button("Sign in") {}
                        .accessibilityIdentifier(AccessibilityID.Login.submit)
                    Text("Welcome")
                        .accessibilityIdentifier("Login.title")
                }
            }
        }
        """,
        "App/Settings/SettingsViewController.swift": """
        import UIKit

        final class SettingsViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.accessibilityIdentifier = "\\(Screen.settings.rawValue).Root"
            }
        }
        """,
    ]

    /// A temporary directory holding `files`, and a cache file path beside it.
    final class Tree {
        let directory: URL
        let cacheFile: URL

        init(_ files: [String: String]) throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-cache-\(UUID())")
            directory = base.appendingPathComponent("src")
            cacheFile = base.appendingPathComponent("cache/index.json")
            for (path, text) in files { try write(path, text) }
        }

        deinit { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }

        func write(_ path: String, _ text: String) throws {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            let changed = change(text)
            #expect(changed != text, "the edit changed nothing in \(path)")
            try write(path, changed)
        }

        func warm() throws -> SourceCatalog {
            try SourceCatalog.load(directory: directory.path, cacheFile: cacheFile)
        }

        func cold() throws -> SourceCatalog {
            try SourceCatalog.load(directory: directory.path, cacheFile: nil)
        }
    }

    static func counts(_ parsed: Int, _ reused: Int) -> SourceIndexer.Counts {
        SourceIndexer.Counts(parsed: parsed, reused: reused)
    }

    @Test func aWarmIndexOfTheFixtureAppEqualsTheColdOne() throws {
        let tree = try Tree([:])
        try FileManager.default.createDirectory(
            at: tree.directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixture.sampleApp, to: tree.directory)
        let cold = try tree.cold()
        #expect(cold.index.files == 7)
        let first = try tree.warm()
        #expect(first.counts == Self.counts(7, 0))
        let second = try tree.warm()
        #expect(second.counts == Self.counts(0, 7))
        #expect(second.index == cold.index)
        #expect(first.index == cold.index)
    }

    @Test func aViewBodyChangeParsesOnlyThatFile() throws {
        let tree = try Tree(Self.app)
        _ = try tree.warm()
        try tree.edit("App/Login/LoginView.swift") {
            $0.replacingOccurrences(of: "\"Login.title\"", with: "\"Login.heading\"")
        }
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(1, 2))
        #expect(warm.index == (try tree.cold()).index)
        // Constants of the unchanged file, read back from the cache as source text, still resolve.
        let login = warm.index.declarations.filter { $0.file == "App/Login/LoginView.swift" }.map(\.identifier)
        #expect(login == ["Login.emailField", "login_button_submit", "Login.heading"])
    }

    @Test func aChangedConstantChangesADeclarationInAnotherFile() throws {
        let tree = try Tree(Self.app)
        let before = try tree.warm()
        #expect(before.declarations(of: "login_button_submit").map(\.file) == ["App/Login/LoginView.swift"])
        try tree.edit("App/AccessibilityID.swift") {
            $0.replacingOccurrences(of: "\"login_button_submit\"", with: "\"login_button_continue\"")
        }
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(3, 0))
        #expect(warm.declarations(of: "login_button_submit").isEmpty)
        let declared = warm.declarations(of: "login_button_continue")
        #expect(declared.map(\.file) == ["App/Login/LoginView.swift"])
        #expect(declared.map(\.line) == [11])
        #expect(warm.index == (try tree.cold()).index)
    }

    @Test func aChangedEnumRawValueChangesADeclarationInAnotherFile() throws {
        let tree = try Tree(Self.app)
        _ = try tree.warm()
        try tree.edit("App/AccessibilityID.swift") {
            $0.replacingOccurrences(of: "case settings = \"Settings\"", with: "case settings = \"Preferences\"")
        }
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(3, 0))
        #expect(warm.index.declarations.map(\.identifier).contains("Preferences.Root"))
        #expect(warm.index == (try tree.cold()).index)
    }

    @Test func newAndRemovedFilesAreIndexedAsACold() throws {
        let tree = try Tree(Self.app)
        _ = try tree.warm()
        try tree.write(
            "App/Profile/ProfileView.swift",
            """
            import SwiftUI

            struct ProfileView: View {
                var body: some View {
                    Text("Profile").accessibilityIdentifier("Profile.Root")
                }
            }
            """)
        let added = try tree.warm()
        #expect(added.counts == Self.counts(1, 3))
        #expect(added.declarations(of: "Profile.Root").map(\.file) == ["App/Profile/ProfileView.swift"])
        try FileManager.default.removeItem(
            at: tree.directory.appendingPathComponent("App/Settings/SettingsViewController.swift"))
        let removed = try tree.warm()
        #expect(removed.counts == Self.counts(0, 3))
        #expect(removed.declarations(of: "Settings.Root").isEmpty)
        #expect(removed.index == (try tree.cold()).index)
        // The removal was written back: the next run reuses the same three files.
        #expect(try tree.warm().counts == Self.counts(0, 3))
    }

    @Test(arguments: ["", "{", "not json at all", "{\"format\": 1}", "[1, 2, 3]"])
    func aCorruptCacheIsIgnoredAndRewritten(content: String) throws {
        let tree = try Tree(Self.app)
        try FileManager.default.createDirectory(
            at: tree.cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: tree.cacheFile, atomically: true, encoding: .utf8)
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(3, 0))
        #expect(warm.index == (try tree.cold()).index)
        #expect(try tree.warm().counts == Self.counts(0, 3))
    }

    @Test func aTruncatedCacheIsIgnored() throws {
        let tree = try Tree(Self.app)
        _ = try tree.warm()
        let data = try Data(contentsOf: tree.cacheFile)
        try data.prefix(data.count / 2).write(to: tree.cacheFile)
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(3, 0))
        #expect(warm.index == (try tree.cold()).index)
    }

    /// The cache file as JSON, `change` applied to its object, written back.
    static func rewrite(_ file: URL, _ change: (inout [String: Any]) throws -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        try change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    /// Replaces every cached declaration's identifier with `identifier`.
    static func forge(_ object: inout [String: Any], identifier: String) throws {
        var files = try #require(object["files"] as? [[String: Any]])
        for position in files.indices {
            var index = try #require(files[position]["index"] as? [String: Any])
            var declarations = try #require(index["declarations"] as? [[String: Any]])
            for declaration in declarations.indices { declarations[declaration]["identifier"] = identifier }
            index["declarations"] = declarations
            files[position]["index"] = index
        }
        object["files"] = files
    }

    @Test func aCacheOfTheSameBuildIsReadAsWritten() throws {
        // The control for the version tests below: a forged result is what a warm run returns.
        let tree = try Tree(Self.app)
        _ = try tree.warm()
        try Self.rewrite(tree.cacheFile) { try Self.forge(&$0, identifier: "Forged") }
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(0, 3))
        #expect(Set(warm.index.declarations.map(\.identifier)) == ["Forged"])
    }

    @Test(arguments: ["format", "canopy", "root"])
    func aCacheOfAnotherFormatBuildOrRootIsIgnored(key: String) throws {
        let tree = try Tree(Self.app)
        _ = try tree.warm()
        try Self.rewrite(tree.cacheFile) {
            try Self.forge(&$0, identifier: "Forged")
            $0[key] = key == "format" ? SourceIndexCache.formatVersion + 1 as Any : "other" as Any
        }
        let warm = try tree.warm()
        #expect(warm.counts == Self.counts(3, 0))
        #expect(!warm.index.declarations.map(\.identifier).contains("Forged"))
        #expect(warm.index == (try tree.cold()).index)
    }

    @Test func anUnwritableCacheLocationIndexesWithoutCaching() throws {
        let tree = try Tree(Self.app)
        let blocker = tree.directory.deletingLastPathComponent().appendingPathComponent("blocker")
        try "a file, not a directory".write(to: blocker, atomically: true, encoding: .utf8)
        let cacheFile = blocker.appendingPathComponent("index.json")
        let first = try SourceCatalog.load(directory: tree.directory.path, cacheFile: cacheFile)
        let second = try SourceCatalog.load(directory: tree.directory.path, cacheFile: cacheFile)
        #expect(first.counts == Self.counts(3, 0))
        #expect(second.counts == Self.counts(3, 0))
        #expect(second.index == (try tree.cold()).index)
    }

    @Test func theStandardFileIsNamedAfterTheRootsPath() throws {
        let root = URL(fileURLWithPath: "/tmp/canopy-app")
        let file = try #require(SourceIndexCache.standardFile(root: root))
        let key = String(SourceIndexCache.hash(SourceIndexCache.canonicalPath(root)).prefix(16))
        #expect(file.path.hasSuffix("/canopy/source-index/\(key).json"))
        #expect(key.count == 16 && key.allSatisfy(\.isHexDigit))
        // SHA-256 of "abc", the standard's test vector.
        #expect(
            SourceIndexCache.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
