import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("Snapshot parsers")
struct SnapshotParserTests {
    private func elements(_ screen: Screen) -> [ElementSnapshot] {
        var all: [ElementSnapshot] = []
        screen.root.forEachElement { all.append($0) }
        return all
    }

    @Test func elementTreeWithNameTestAndMixedTypesAndFrames() throws {
        let input = try ElementSnapshotParser().parse(fileAt: Fixture.path("snapshots/login.json"))
        let screen = try #require(input.screens.first)
        #expect(input.screens.count == 1)
        #expect(screen.name == "Login")
        #expect(screen.kind == .elementTree)
        #expect(screen.test == "AppUITests.LoginTests/testLogin()")
        #expect(screen.root.elementCount == 9)
        let all = elements(screen)
        #expect(
            all.compactMap(\.nonEmptyIdentifier) == [
                "Login.NavigationBar", "Login.Email", "Login.Password", "Login.Submit", "Login.RememberMe",
            ])
        #expect(
            all.map(\.elementType) == [
                "application", "window", "navigationBar", "button", "textField", "secureTextField", "button",
                "staticText", "switch",
            ])
        let submit = try #require(all.first { $0.identifier == "Login.Submit" })
        #expect(submit.frame == Frame(x: 16, y: 700.5, width: 361, height: 50))
        #expect(all[1].frame == Frame(x: 0, y: 0, width: 393, height: 852), "[[x,y],[w,h]] frames")
        let email = try #require(all.first { $0.identifier == "Login.Email" })
        #expect(email.placeholderValue == "you@example.com")
        #expect(email.hasFocus == true)
        #expect(email.value == nil)
        #expect(input.diagnostics.isEmpty)
    }

    @Test func bareRootIsNamedAfterItsFileAndRawTypesMap() throws {
        let input = try ElementSnapshotParser().parse(fileAt: Fixture.path("snapshots/Catalog-List.json"))
        let screen = try #require(input.screens.first)
        #expect(screen.name == "Catalog-List")
        #expect(elements(screen).map(\.elementType) == ["application", "cell", "cell", "staticText", "other"])
        #expect(input.diagnostics.count == 1)
        #expect(input.diagnostics.first?.message.contains("unknown element type") == true)
    }

    @Test func screensList() throws {
        let input = try ElementSnapshotParser().parse(fileAt: Fixture.path("snapshots/screens.json"))
        #expect(input.screens.map(\.name) == ["Settings", "Profile"])
        #expect(input.screens.map(\.root.elementCount) == [3, 3])
        #expect(input.screens[0].test == "AppUITests.SettingsTests/testOpen()")
        let run = RunAssembler.assemble([input])
        #expect(run.totals.elements == 6)
        #expect(run.totals.identifiedElements == 4)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        var text = #"{"elementType": "other"}"#
        for _ in 0..<400 { text = #"{"elementType": "other", "children": ["# + text + "]}" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-deep-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ElementSnapshotParser().parse(fileAt: url.path)
            Issue.record("a 400-level tree parsed")
        } catch {
            guard case .invalidValue(_, let jsonPath, let message) = error else {
                Issue.record("expected .invalidValue, got \(error)")
                return
            }
            #expect(message.contains("deeper than"))
            #expect(jsonPath.hasPrefix("$.children[0].children[0]"))
            // Its two ends, not 3 KB of `.children[0]`.
            #expect(
                jsonPath.count < 120 && jsonPath.contains(" … ") && jsonPath.hasSuffix(".children[0]"), "\(jsonPath)")
        }
    }

    @Test func a11yUITestsSnapshotIsLabelOnly() throws {
        let input = try A11yUITestsSnapshotParser().parse(fileAt: Fixture.path("snapshots/LoginTests-testLogin-1.json"))
        let screen = try #require(input.screens.first)
        #expect(screen.kind == .labelOnly)
        #expect(screen.name == "LoginTests-testLogin-1")
        #expect(screen.root.elementType == "other")
        #expect(screen.root.children.count == 11)
        #expect(
            screen.root.children.map(\.elementType) == [
                "staticText", "button", "textField", "secureTextField", "switch", "searchField", "segmentedControl",
                "cell", "image",
                "button", "other",
            ])
        let header = screen.root.children[0]
        #expect(header.traits == ["Header", "Static Text"])
        #expect(header.frame?.x == 16.000000000000004)
        #expect(header.frame?.height == 40.666666666666664)
        #expect(screen.root.children[3].placeholderValue == "Password")
        #expect(screen.root.children[9].isEnabled == false)
        #expect(screen.root.children[4].isSelected == true)
        #expect(screen.root.children.allSatisfy { $0.nonEmptyIdentifier == nil })
        #expect(input.file.producer == "a11yuitests-1.1")
        #expect(
            input.diagnostics.contains { $0.severity == .note && $0.message.contains("no accessibility identifiers") })
    }

    /// The file the `writeCanopySnapshot` of docs/input-formats.md writes (JSONSerialization, sorted keys, raw
    /// element types, `NSNull` values, `XCTestCase.name`), and that page's own example document.
    @Test func theREADMEWriterAndExampleRead() throws {
        let input = try ElementSnapshotParser().parse(fileAt: Fixture.path("snapshots/readme-writer.json"))
        let screen = try #require(input.screens.first)
        #expect(screen.name == "Login" && screen.test == "-[AppUITests.LoginTests testLogin]")
        #expect(screen.root.elementType == "application")
        #expect(
            screen.root.children.map(\.elementType) == [
                "staticText", "textField", "secureTextField", "button", "button",
            ])
        #expect(screen.root.children[1].placeholderValue == "you@example.com")
        #expect(screen.root.children[3].frame == Frame(x: 16, y: 700, width: 361, height: 50))
        #expect(input.diagnostics.filter { $0.severity >= .warning }.isEmpty)

        let readme = try String(contentsOfFile: Fixture.repository + "/docs/input-formats.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```json\n{\"name\": \"Login\""))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let example = String(readme[readme.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        let parsed = try ElementSnapshotParser().parse(fileAt: try TemporaryFile.write(example, name: "login.json"))
        #expect(parsed.screens.first?.root.children.first?.identifier == "Login.Submit")
    }

    /// Traits are kept as written (`Adjustable` for a slider); the `enabled` flag is the element's
    /// state and wins over a `Not Enabled` trait, which decides only when the flag is missing.
    @Test func a11yUITestsTraitsAndEnabled() throws {
        let json = """
            {"version":"1.1","generated":"2023-02-26T09:17:02Z","filename":"PlayerTests-testVolume-1","snapshot":[
              {"label":"Volume","type":"Slider","traits":["Adjustable"],"enabled":true,"frame":[[16,79],[300,44]],"placeholder":"","value":"50%"},
              {"label":"Mute","type":"Button","traits":["Button","Not Enabled"],"enabled":true,"frame":[[16,130],[44,44]],"placeholder":"","value":""},
              {"label":"Cast","type":"Button","traits":["Button","Not Enabled"],"frame":[[70,130],[44,44]],"placeholder":"","value":""}]}
            """
        let input = try A11yUITestsSnapshotParser().parse(
            fileAt: try TemporaryFile.write(json, name: "PlayerTests-testVolume-1.json"))
        let elements = try #require(input.screens.first).root.children
        #expect(elements.map(\.elementType) == ["slider", "button", "button"])
        #expect(elements[0].traits == ["Adjustable"])
        #expect(elements.map(\.isEnabled) == [true, true, false])
    }
}
