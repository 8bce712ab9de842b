import Foundation
import Testing

@testable import CanopySource

/// The index streams (docs/source-index.md): what it keeps of a file past the file's own pass holds
/// no syntax, since one node keeps its whole file's tree alive; and a constant resolved from its
/// source text in another file gives what the parsed one gave.
@Suite("The source index keeps no syntax tree past its file's pass")
struct StreamingIndexTests {
    static let files = [
        SourceFile(
            path: "App/AccessibilityID.swift",
            text: """
                enum AccessibilityID {
                    enum Login {
                        static let root = "Login"
                        static let submit = root + ".Submit"
                        static let row = "\\(root).Row"
                    }
                }
                """),
        SourceFile(
            path: "App/LoginView.swift",
            text: """
                struct LoginView: View {
                    var body: some View {
                        Button("Sign in") {}.accessibilityIdentifier(AccessibilityID.Login.submit)
                        Text("").accessibilityIdentifier(AccessibilityID.Login.row)
                    }
                }
                """),
    ]

    @Test func theFactsKeptHoldTheConstantsAsSourceTextOnly() throws {
        let run = SourceIndexer.index(files: Self.files, cached: [])
        let constants = run.entries.flatMap(\.facts.constants.values)
        #expect(constants.count == 3)
        #expect(constants.allSatisfy { $0.syntax == nil }, "a kept constant holds its file's syntax tree")
        #expect(constants.map(\.source).sorted() == ["\"Login\"", "\"\\(root).Row\"", "root + \".Submit\""])
    }

    @Test func constantsFromAnotherFileResolveFromTheirSourceText() {
        let index = SourceIndexer.index(files: Self.files)
        #expect(index.declarations.map(\.identifier) == ["Login.Submit", "Login.Row"])
        #expect(index.declarations.map(\.kind) == [.composed, .composed])
    }
}
