import CanopyAnalysis
import CanopyModel
import Testing

/// A screen's root container with an identifier (`Login.Root`, as many apps tag their root view)
/// is not a branch: the elements without identifier under it count toward the screen's branch.
struct ScreenRootCoverageTests {
    static func screen(rootIdentifier: String?, wrapped: Bool) -> Screen {
        let children = [
            ElementSnapshot(identifier: "Login.Submit", label: "Sign in", elementType: "button"),
            ElementSnapshot(identifier: "", label: "Help", elementType: "button"),
            ElementSnapshot(identifier: "", label: "Welcome", elementType: "staticText"),
        ]
        let root = ElementSnapshot(identifier: rootIdentifier, label: nil, elementType: "other", children: children)
        // As XCUITest snapshots it: the application, its window, then the app's root view.
        let top =
            wrapped
            ? ElementSnapshot(
                label: "App", elementType: "application",
                children: [ElementSnapshot(elementType: "window", children: [root])]) : root
        return Screen(name: "Login", source: "login.json", kind: .elementTree, root: top)
    }

    @Test(arguments: [false, true])
    func rootContainerIsNotABranch(wrapped: Bool) throws {
        let report = ReportBuilder.build(
            run: Run(screens: [Self.screen(rootIdentifier: "Login.Root", wrapped: wrapped)]))
        let rootNode = try #require(report.identifierTree.first { $0.path == "Login.Root" })
        #expect(rootNode.branch.interactive == 0, "no branch `Root` at 0%")
        let login = try #require(report.identifierTree.first { $0.path == "Login" })
        // The screen's figures stay honest: the help button without identifier still counts.
        #expect(login.branch.interactive == 2 && login.branch.identified == 1)
        #expect(login.own.interactive == 1 && login.own.identified == 0)
        #expect(
            report.coverage.screens == [CoverageFigure(scope: .screen, name: "Login", interactive: 2, identified: 1)])
    }

    @Test func aContainerBelowTheRootStaysABranch() throws {
        let section = ElementSnapshot(
            identifier: "Login.Form", elementType: "other",
            children: [ElementSnapshot(identifier: "", label: "Email", elementType: "textField")])
        let screen = Screen(
            name: "Login", source: "login.json", kind: .elementTree,
            root: ElementSnapshot(
                identifier: "Login.Root", elementType: "other",
                children: [
                    section, ElementSnapshot(identifier: "Login.Submit", label: "Sign in", elementType: "button"),
                ]))
        let report = ReportBuilder.build(run: Run(screens: [screen]))
        let form = try #require(report.identifierTree.first { $0.path == "Login.Form" })
        #expect(form.branch.interactive == 1 && form.branch.identified == 0)
    }
}
