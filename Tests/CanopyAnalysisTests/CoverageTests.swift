import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

struct CoverageTests {
    static let frame = Frame(x: 16, y: 79, width: 43, height: 43)

    static func screen(_ name: String = "Login", kind: Screen.Kind = .elementTree, children: [ElementSnapshot])
        -> Screen
    {
        Screen(
            name: name, source: "\(name).json", kind: kind,
            root: ElementSnapshot(identifier: nil, label: "App", elementType: "application", children: children))
    }

    @Test func identifierEqualToLabelAndEmptyIdentifierDoNotCount() {
        let run = Run(screens: [
            Self.screen(children: [
                ElementSnapshot(identifier: "Login.Submit", label: "Sign in", elementType: "button"),
                ElementSnapshot(identifier: "Cancel", label: "Cancel", elementType: "button"),
                ElementSnapshot(identifier: "", label: "Help", elementType: "button", frame: Self.frame),
                ElementSnapshot(identifier: "Login.Title", label: "Welcome", elementType: "staticText"),
            ])
        ])
        let coverage = ReportBuilder.build(run: run).coverage
        #expect(coverage.overall.interactive == 3)
        #expect(coverage.overall.identified == 1)
        #expect(coverage.screens == [CoverageFigure(scope: .screen, name: "Login", interactive: 3, identified: 1)])
        #expect(
            coverage.elementTypes == [
                CoverageFigure(scope: .elementType, name: "button", interactive: 3, identified: 1)
            ])
        #expect(coverage.missing.map(\.label) == ["Cancel", "Help"])
        #expect(coverage.missing[0].identifier == "Cancel")
        #expect(
            coverage.missing[1]
                == MissingIdentifier(
                    screen: "Login", elementType: "button", label: "Help", identifier: nil, frame: Self.frame,
                    branch: nil))
    }

    @Test func duplicatesOnOneScreenAreReportedNotAcrossScreens() {
        let row = ElementSnapshot(identifier: "Feed.row", label: "Episode", elementType: "cell")
        let run = Run(screens: [
            Self.screen("Feed", children: [row, row, ElementSnapshot(identifier: "Feed.row", elementType: "other")]),
            Self.screen("Other", children: [row]),
        ])
        let duplicates = ReportBuilder.build(run: run).coverage.duplicates
        #expect(
            duplicates == [
                DuplicateIdentifier(screen: "Feed", identifier: "Feed.row", count: 3, elementTypes: ["cell", "other"])
            ])
    }

    @Test func overlongIdentifiersAndConventionViolations() {
        let long = "Checkout." + String(repeating: "x", count: 130)
        let run = Run(screens: [
            Self.screen(children: [
                ElementSnapshot(identifier: long, label: "Pay", elementType: "button"),
                ElementSnapshot(identifier: "Loading View", label: "Loading", elementType: "other"),
            ])
        ])
        let coverage = ReportBuilder.build(run: run).coverage
        #expect(coverage.overlong == [OverlongIdentifier(identifier: long, length: 139, seenIn: ["Login"])])
        #expect(coverage.conventionViolations.map(\.identifier) == ["Loading View"])
    }

    /// The identifier in XCUITest's "Invalid query" failure is over the limit by definition: it is
    /// listed as overlong, seen in a failure, and the failure lands on its node.
    @Test func anIdentifierXCUITestRefusedIsOverlongAndTheFailuresElement() throws {
        let long = "Checkout." + String(repeating: "y", count: 125)
        let failure = Failure(
            message: "Invalid query - string identifier '\(long)' exceeds maximum length of 128 characters")
        let test = TestCase(
            identity: TestIdentity(className: "CheckoutTests", name: "testLongQuery"),
            attempts: [Attempt(outcome: .failed, failures: [failure])])
        let report = ReportBuilder.build(run: Run(tests: [test]))
        #expect(report.coverage.overlong == [OverlongIdentifier(identifier: long, length: 134, seenIn: ["failure"])])
        #expect(report.failures.first?.element?.identifier == long)
    }

    /// "Failed to compute hit point for Button, identifier: 'X'" names the type before the quote;
    /// the snapshots know it, so the failure's element has it.
    @Test func aFailuresElementTakesItsTypeFromTheSnapshotsWhenTheMessageDoesNotSay() throws {
        let failure = Failure(
            message:
                "Failed to synthesize event: Failed to compute hit point for Button, identifier: 'Checkout.PaymentSheet.PayButton'"
        )
        let test = TestCase(
            identity: TestIdentity(className: "CheckoutTests", name: "testPay"),
            attempts: [Attempt(outcome: .failed, failures: [failure])])
        let screen = Self.screen(
            "Checkout",
            children: [
                ElementSnapshot(identifier: "Checkout.PaymentSheet.PayButton", label: "Pay", elementType: "button")
            ])
        let report = ReportBuilder.build(run: Run(tests: [test], screens: [screen]))
        #expect(report.failures.first?.element?.identifier == "Checkout.PaymentSheet.PayButton")
        #expect(report.failures.first?.element?.elementType == "button")
    }

    @Test func branchCoverageCountsUnidentifiedElementsUnderTheirIdentifiedAncestor() throws {
        let sheet = ElementSnapshot(
            identifier: "Checkout.PaymentSheet", elementType: "other",
            children: [
                ElementSnapshot(identifier: "Checkout.PaymentSheet.PayButton", label: "Pay", elementType: "button"),
                ElementSnapshot(label: "Edit", elementType: "button"),
            ])
        let report = ReportBuilder.build(run: Run(screens: [Self.screen("Checkout", children: [sheet])]))
        let node = try #require(report.node("Checkout.PaymentSheet"))
        #expect(node.own.interactive == 1)
        #expect(node.branch.interactive == 2)
        #expect(node.branch.identified == 1)
        #expect(
            report.coverage.branches.contains(
                CoverageFigure(scope: .branch, name: "Checkout.PaymentSheet", interactive: 2, identified: 1)))
        #expect(report.coverage.missing.first?.branch == "Checkout.PaymentSheet")
    }

    @Test func labelOnlyScreensReportLabelCoverageInstead() throws {
        let run = Run(screens: [
            Self.screen(
                "Settings", kind: .labelOnly,
                children: [
                    ElementSnapshot(label: "Too Small", elementType: "button"),
                    ElementSnapshot(label: "", elementType: "button"),
                ])
        ])
        let coverage = ReportBuilder.build(run: run).coverage
        let labels = try #require(coverage.labelCoverage)
        #expect(labels.overall.interactive == 2)
        #expect(labels.overall.identified == 1)
        #expect(coverage.overall.interactive == 0)
        #expect(coverage.missing.isEmpty)
        #expect(coverage.notes == [.labelOnlyScreens(1)])
    }

    @Test("a run without snapshots says coverage cannot be measured; report.json carries each note's kind")
    func notesAreTypedAndEncodedByKind() throws {
        let coverage = ReportBuilder.build(run: Run()).coverage
        #expect(coverage.notes == [.noSnapshots])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode([CoverageNote.labelOnlyScreens(2), .noSnapshots])
        #expect(
            String(decoding: encoded, as: UTF8.self)
                == #"[{"kind":"labelOnlyScreens","screens":2},{"kind":"noSnapshots"}]"#)
        #expect(try JSONDecoder().decode([CoverageNote].self, from: encoded) == [.labelOnlyScreens(2), .noSnapshots])
    }
}
