import CanopyRender
import Testing

@testable import CanopyPipeline
@testable import CanopySource

/// Identifier coverage against the code: declared identifiers that no run saw and no UI test names.
@Suite("Untested UI")
struct UntestedIdentifiersTests {
    static let app = """
        import SwiftUI
        struct SettingsView: View {
            let rows: [Row]
            var body: some View {
                VStack {
                    Toggle("Dark", isOn: $dark).accessibilityIdentifier("Settings.DarkMode")
                    Toggle("Push", isOn: $push).accessibilityIdentifier("Settings.Notifications")
                    Text("Storage").accessibilityIdentifier("Settings.Storage")
                    Text("About").accessibilityIdentifier("Settings.About")
                    ForEach(rows) { row in Text(row.name).accessibilityIdentifier("Settings.Row.\\(row.index)") }
                    Button("Log out") {}.accessibilityIdentifier("Account.SignOut")
                }
            }
        }
        """
    static let tests = """
        import XCTest
        enum Locator: String { case about = "Settings.About" }
        final class SettingsTests: XCTestCase {
            func testNotifications() {
                XCUIApplication().switches["Settings.Notifications"].tap()
            }
        }
        """

    static func catalog() -> SourceCatalog {
        let index = SourceIndexer.index(files: [
            SourceFile(path: "App/SettingsView.swift", text: app),
            SourceFile(path: "UITests/SettingsTests.swift", text: tests),
        ])
        let owners = try? CodeOwnersParser.parse("* @platform\n/App/ @settings-ios\n", path: "CODEOWNERS")
        return SourceCatalog(root: "/repo", index: index, codeOwners: owners)
    }

    @Test func seenQueriedAndLocatorIdentifiersAreExercisedTheRestIsListedByScreen() {
        // A run saw the dark-mode toggle and row 3 (a template the app composes: the row is covered).
        let screens = UntestedIdentifiers.screens(
            catalog: Self.catalog(), seen: ["Settings.DarkMode", "Settings.Row.{index}", "Settings"])
        #expect(
            screens == [
                DashboardUntestedScreen(
                    screen: "Account", declared: 1, untested: ["Account.SignOut"], owners: ["@settings-ios"]),
                DashboardUntestedScreen(
                    screen: "Settings", declared: 5, untested: ["Settings.Storage"], owners: ["@settings-ios"]),
            ])
    }

    @Test func nothingSeenListsEveryDeclarationNotNamedByATest() {
        let screens = UntestedIdentifiers.screens(catalog: Self.catalog(), seen: [])
        let settings = screens.first { $0.screen == "Settings" }
        #expect(settings?.untested == ["Settings.DarkMode", "Settings.Row.{index}", "Settings.Storage"])
        #expect(settings?.declared == 5)
    }

    @Test func aConcreteRowSeenCoversTheDeclaredTemplate() {
        let screens = UntestedIdentifiers.screens(catalog: Self.catalog(), seen: ["Settings.Row.3"])
        #expect(screens.first { $0.screen == "Settings" }?.untested.contains("Settings.Row.{index}") == false)
    }
}
