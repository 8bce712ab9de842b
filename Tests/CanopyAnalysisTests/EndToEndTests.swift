import CanopyAnalysis
import CanopyModel
import CanopyParsers
import Foundation
import Testing

/// A JUnit file, element-tree snapshots and audit issues about the same screens: the report's tree
/// shows failures, audit issues and coverage on the same nodes.
struct EndToEndTests {
    static func run() throws -> Run {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("checkout-junit.xml"))
        var run = RunAssembler.assemble([input])
        let sheet = ElementSnapshot(
            identifier: "Checkout.PaymentSheet", elementType: "other",
            children: [
                ElementSnapshot(identifier: "Checkout.PaymentSheet.PayButton", label: "Pay now", elementType: "button"),
                ElementSnapshot(
                    label: "Edit", elementType: "button", frame: Frame(x: 300, y: 80, width: 44, height: 44)),
                ElementSnapshot(identifier: "Checkout.Promo", label: "Promo", elementType: "button"),
            ])
        let feed = ElementSnapshot(
            elementType: "table",
            children: [
                ElementSnapshot(identifier: "Podcast-7-row", label: "Episode 7", elementType: "cell"),
                ElementSnapshot(identifier: "Podcast-8-row", label: "Episode 8", elementType: "cell"),
            ])
        run.screens = [
            Screen(
                name: "Checkout", source: "checkout.json", kind: .elementTree,
                root: ElementSnapshot(label: "App", elementType: "application", children: [sheet])),
            Screen(
                name: "Feed", source: "feed.json", kind: .elementTree,
                root: ElementSnapshot(label: "App", elementType: "application", children: [feed])),
        ]
        run.auditIssues = [
            AuditIssue(
                auditType: "contrast", severity: .error, compactDescription: "Contrast failed",
                element: ElementReference(
                    identifier: "Checkout.PaymentSheet.PayButton", label: "Pay now", elementType: "button"),
                screen: "Checkout", test: "AppUITests.CheckoutTests/testPayRetry", origin: .auditFile,
                source: "audit.json"),
            AuditIssue(
                auditType: "dynamicType", severity: .warning,
                compactDescription: "Dynamic Type font sizes are unsupported",
                element: ElementReference(label: "Episode 7", elementType: "cell"), screen: "Feed", origin: .auditFile,
                source: "audit.json"),
        ]
        return run
    }

    @Test func failuresAuditsAndCoverageMeetOnTheSameNodes() throws {
        let report = ReportBuilder.build(run: try Self.run())
        let pay = try #require(report.node("Checkout.PaymentSheet.PayButton"))
        // The test that failed; the failed attempt of the test passed on retry makes it passed on retry here.
        #expect(pay.own.failed == 1)
        #expect(pay.own.tests == 2)
        #expect(pay.own.passedOnRetry == 1)
        #expect(pay.own.auditIssues == 1)
        #expect(pay.own.auditIssuesByType == ["contrast": 1])
        #expect(pay.own.interactive == 1 && pay.own.identified == 1)
        #expect(pay.sources == [.audit, .failure, .snapshot])
        #expect(pay.elementTypes == ["button"])

        let sheet = try #require(report.node("Checkout.PaymentSheet"))
        #expect(sheet.branch.failed == 1)
        #expect(sheet.branch.auditIssues == 1)
        #expect(sheet.branch.interactive == 2)
        #expect(sheet.branch.identified == 1)
        let checkout = try #require(report.node("Checkout"))
        #expect(checkout.branch.failed == 2)
        #expect(checkout.branch.interactive == 3)
        #expect(checkout.branch.identified == 2)
        #expect(!checkout.isIdentifier)

        let podcast = try #require(report.node("Podcast-{id}-row"))
        #expect(podcast.own.failed == 1)
        #expect(podcast.own.auditIssuesBySeverity == ["warning": 1])
        #expect(podcast.own.elements == 2)
        #expect(podcast.examples == ["Podcast-7-row", "Podcast-8-row", "Podcast-123-row"])
    }

    /// A snapshot written by `XCTestCase.name` (`-[Class test]`) and an audit file naming the test
    /// with `()` are the same test as its failures: one test on the node, and a flaky one.
    @Test func aTestNamedByASnapshotOrAnAuditFileIsTheTestThatFailed() throws {
        let stored = try Self.run()
        var screens = stored.screens
        screens[0].test = "-[AppUITests.CheckoutTests testPayRetry]"
        var issues = stored.auditIssues
        issues[0].test = "AppUITests.CheckoutTests/testPayRetry()"
        let files = ParsedInput(
            file: InputFile(path: "checkout.json", format: .elementSnapshot, bytes: 0), screens: screens,
            auditIssues: issues)
        let junit = try JUnitXMLParser().parse(fileAt: Fixture.path("checkout-junit.xml"))
        let report = ReportBuilder.build(run: RunAssembler.assemble([junit, files]))
        let pay = try #require(report.node("Checkout.PaymentSheet.PayButton"))
        #expect(pay.own.tests == 2)
        #expect(pay.own.passedOnRetry == 1)
        #expect(report.auditIssues.first?.issue.test == "AppUITests.CheckoutTests/testPayRetry")
    }

    @Test func failuresAreJoinedToElementsCategoriesAndClusters() throws {
        let report = ReportBuilder.build(run: try Self.run())
        let byTest = Dictionary(grouping: report.failures, by: \.test)
        let label = try #require(byTest["AppUITests.CheckoutTests/testPayWithLabel"]?.first)
        #expect(
            label.element
                == ElementMatch(
                    identifier: "Checkout.PaymentSheet.PayButton", template: "Checkout.PaymentSheet.PayButton",
                    elementType: "button", resolution: .label))
        #expect(label.category == "elementNotFound")
        let promo = try #require(byTest["AppUITests.CheckoutTests/testPromo"]?.first)
        #expect(promo.element?.identifier == "Checkout.Promo")
        #expect(promo.element?.resolution == .activity)
        #expect(promo.category == "assertion")
        let launch = try #require(byTest["AppUITests.CheckoutTests/testLaunch"]?.first)
        #expect(launch.isInfrastructure)
        #expect(launch.element == nil)
        #expect(report.failures.count == 5 && report.summary.totals.failed == 4)
        // The failed tests by cause: each once, the infrastructure one apart.
        #expect(report.summary.infrastructureFailedTests == 1)
        #expect(report.categories.reduce(0) { $0 + $1.failedTests } == 4)
        #expect(report.clusters.count == 5)
        #expect(report.auditIssues.map(\.element?.template) == ["Checkout.PaymentSheet.PayButton", "Podcast-{id}-row"])
        #expect(report.auditIssues.map(\.inSnapshot) == [true, true])
        #expect(report.coverage.missing.map(\.label) == ["Edit"])
    }

    /// A generated identifier of 10,000 dotted segments (a snapshot of a broken view) made a tree
    /// 10,000 deep: quadratic paths, and a recursion that overflowed the stack. Past depth 32 the
    /// rest of an identifier is one leaf.
    @Test func aVeryDeepIdentifierEndsInOneLeafAtDepth32() throws {
        let deep = Array(repeating: "a", count: 10_000).joined(separator: ".")
        let screen = Screen(
            name: "S", source: "s.json", kind: .elementTree,
            root: ElementSnapshot(
                label: "App", elementType: "application",
                children: [ElementSnapshot(identifier: deep, label: "L", elementType: "button")]))
        let report = ReportBuilder.build(run: Run(screens: [screen]))
        #expect(report.identifierTree.count == 32)
        let leaf = try #require(report.identifierTree.last)
        #expect(leaf.depth == 32)
        #expect(leaf.path == deep)
        #expect(leaf.isIdentifier)
        #expect(leaf.segment == Array(repeating: "a", count: 10_000 - 31).joined(separator: "."))
        #expect(report.identifierTree.first?.branch.interactive == 1)
    }

    @Test func reportEncodesAsCanopyReportAndDigests() throws {
        let report = ReportBuilder.build(run: try Self.run())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(json.contains(#""schema":"canopy.report\/3""#) || json.contains(#""schema":"canopy.report/3""#))
        let decoded = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        // Everything but the tests per identifier, which only history keeps (`IdentifierTestsTests`).
        var withoutTests = report
        withoutTests.identifierTests = [:]
        #expect(decoded == withoutTests)
        let digest = report.digest
        #expect(digest.failures.count == 5)
        #expect(
            digest.failures.first { $0.testKey == "AppUITests.FeedTests/testOpenPodcast" }?.identifier
                == "Podcast-{id}-row")
        #expect(digest.coverage.first == CoverageFigure(scope: .overall, name: "", interactive: 5, identified: 4))
        // Every node of the tree, with its parent and its branch's figures.
        #expect(digest.identifierNodes.count == report.identifierTree.count)
        #expect(
            digest.identifierNodes.contains(
                IdentifierNodeDigest(
                    path: "Checkout.PaymentSheet.PayButton", parent: "Checkout.PaymentSheet", tests: 2, failed: 1,
                    passedOnRetry: 1, auditIssues: 1,
                    auditErrors: 1, interactive: 1, identified: 1)))
        let checkout = try #require(digest.identifierNodes.first { $0.path == "Checkout" })
        #expect(checkout.parent == nil && checkout.failed == 2 && checkout.auditErrors == 1)
    }
}
