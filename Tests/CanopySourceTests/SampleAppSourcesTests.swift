import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopySource
import Foundation
import Testing

/// The sample history (`make run`, Reports/samples/) and the sample app's sources
/// (Reports/samples/app) tell one story: what the nights' failures name, the app declares, and
/// every screen the nights snapshot also declares identifiers no UI test exercises.
@Suite("The sample app's sources match the sample nights")
struct SampleAppSourcesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reports/samples")

    /// What the fourteen nights' inputs hold, read by Canopy's own parsers.
    struct Nights {
        var tests: [TestCase] = []
        var screens: [Screen] = []
        var auditIssues: [AuditIssue] = []

        static func read() throws -> Nights {
            let folders = try FileManager.default.contentsOfDirectory(atPath: samples.path)
                .filter { $0.hasPrefix("night-") }.sorted()
            #expect(folders.count == 14, "\(folders)")
            var nights = Nights()
            let registry = ParserRegistry()
            for folder in folders {
                let directory = samples.appendingPathComponent(folder)
                for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
                    let input = try registry.parse(fileAt: directory.appendingPathComponent(file).path)
                    nights.tests += input.tests
                    nights.screens += input.screens
                    nights.auditIssues += input.auditIssues
                }
            }
            return nights
        }

        /// The identifiers the failures name, as Canopy extracts them (an identifier, or the name
        /// of a tapped element), with the test that failed.
        var failureIdentifiers: [(identifier: String, test: String)] {
            tests.flatMap { test in
                test.failures.flatMap { failure in
                    IdentifierExtractor.targets(in: failure.message + "\n" + (failure.detail ?? ""))
                        .filter { $0.kind == .identifier || $0.kind == .name }
                        .map { (identifier: $0.text, test: test.identity.key) }
                }
            }
        }

        /// Every identifier an element of a snapshot carries.
        var snapshotIdentifiers: Set<String> {
            var found: Set<String> = []
            func walk(_ element: ElementSnapshot) {
                if let identifier = element.nonEmptyIdentifier { found.insert(identifier) }
                for child in element.children { walk(child) }
            }
            for screen in screens { walk(screen.root) }
            return found
        }
    }

    /// `FeedTests` of `AppUITests.FeedTests`: the class as Swift names it.
    static func unqualified(_ className: String) -> String {
        className.split(separator: ".").last.map(String.init) ?? className
    }

    static func catalog() throws -> SourceCatalog {
        try SourceCatalog.load(directory: samples.appendingPathComponent("app").path)
    }

    @Test("every identifier a failure or an audit issue names is declared in the app")
    func failuresPointAtDeclarations() throws {
        let nights = try Nights.read()
        let catalog = try Self.catalog()
        let named = nights.failureIdentifiers
        // The scripted story: the flaky PayButton, the broken filter chip, the ambiguous share button.
        let identifiers = Set(named.map(\.identifier))
        for expected in ["Checkout.PaymentSheet.PayButton", "Search.Filter.Chip-4010", "Podcast-58005-share"] {
            #expect(identifiers.contains(expected), "\(identifiers.sorted())")
        }
        let audited = nights.auditIssues.compactMap { $0.element?.identifier }
        #expect(!audited.isEmpty)
        for identifier in identifiers.union(audited).sorted() {
            let declared = catalog.declarations(of: identifier).filter { $0.kind != .locator }
            #expect(!declared.isEmpty, "\(identifier) is named by the sample nights but declared nowhere in the app")
        }
        // The story's elements by the declaration style each shows: a constant, two templates.
        let places = [
            "Checkout.PaymentSheet.PayButton": ("Checkout.PaymentSheet.PayButton", "Checkout/PaymentSheetView.swift"),
            "Search.Filter.Chip-4010": ("Search.Filter.Chip-{id}", "Search/FilterChipsView.swift"),
            "Podcast-58005-share": ("Podcast-{id}-share", "Podcast/PodcastDetailViewController.swift"),
        ]
        for (seen, (declared, file)) in places {
            let found = catalog.declarations(of: seen).map { "\($0.identifier) \($0.file)" }
            #expect(found.contains("\(declared) Podcasts/\(file)"), "\(seen): \(found)")
        }
        #expect(
            catalog.owners(of: "Podcasts/Checkout/PaymentSheetView.swift") == [
                "@podcastapp/checkout-ios", "@podcastapp/payments-security",
            ])
    }

    @Test("a failure's file and line fall inside the failing test's method")
    func failureLocationsAreInTheirTests() throws {
        let nights = try Nights.read()
        let catalog = try Self.catalog()
        var checked = 0
        for test in nights.tests {
            for failure in test.failures {
                guard let location = failure.location, let line = location.line else { continue }
                let className = Self.unqualified(test.identity.className)
                let file = try #require(
                    catalog.index.testClasses.first { $0.name == className }?.file,
                    "no UI-test class \(className) in the app")
                // `AppUITests.FeedTests` is in AppUITests/FeedTests.swift: its bundle's folder.
                #expect(file == test.identity.className.replacingOccurrences(of: ".", with: "/") + ".swift")
                #expect((file as NSString).lastPathComponent == location.file, "\(test.identity.key)")
                let lines = try String(contentsOf: catalog.rootURL.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
                let method = lines.prefix(line).last { $0.contains("func test") }
                let name = test.identity.name.replacingOccurrences(of: "()", with: "")
                #expect(method?.contains("func \(name)(") == true, "\(location.file):\(line) is not in \(name)")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test("every test method that queries an identifier ran in the nights, so `affected` can name it")
    func queryingTestsRan() throws {
        let nights = try Nights.read()
        // A test key (`AppUITests.FeedTests/testSnapshot`) as `FeedTests.testSnapshot`.
        func short(_ key: String) -> String {
            let parts = key.split(separator: "/").map(String.init)
            guard parts.count == 2 else { return key }
            return Self.unqualified(parts[0]) + "." + parts[1].replacingOccurrences(of: "()", with: "")
        }
        // The tests the nights ran: those their results, snapshots and audits name.
        let ran = Set(
            nights.tests.map { short($0.identity.className + "/" + $0.identity.name) }
                + nights.screens.compactMap(\.test).map(short) + nights.auditIssues.compactMap(\.test).map(short))
        let index = try Self.catalog().index
        let classes = Set(index.testClasses.map(\.name))
        let querying = Set(
            index.queries.compactMap { query -> String? in
                guard let type = query.type, classes.contains(type), let function = query.function,
                    function.hasPrefix("test")
                else { return nil }
                return type + "." + function
            })
        #expect(!querying.isEmpty)
        #expect(querying.subtracting(ran).isEmpty, "\(querying.subtracting(ran).sorted())")
    }

    @Test("every test class of the nights has its file in the app's UI tests")
    func testClassesAreDeclared() throws {
        let nights = try Nights.read()
        let declared = Set(try Self.catalog().index.testClasses.map(\.name))
        let snapshotted = ["Login", "Feed", "Podcast", "Player", "Search", "Settings", "Library", "Checkout"]
        for screen in snapshotted {
            #expect(declared.contains(screen + "Tests"), "\(screen)Tests")
        }
        let failing = Set(nights.tests.filter { !$0.failures.isEmpty }.map { Self.unqualified($0.identity.className) })
        #expect(failing.isSubset(of: declared), "\(failing.subtracting(declared).sorted())")
    }

    @Test("each snapshotted screen declares identifiers no night and no UI test touches")
    func untestedUIExists() throws {
        let nights = try Nights.read()
        let catalog = try Self.catalog()
        let seen = nights.snapshotIdentifiers.union(nights.failureIdentifiers.map(\.identifier))
            .union(nights.auditIssues.compactMap { $0.element?.identifier })
        let asked =
            catalog.index.queries.map(\.identifier)
            + catalog.index.declarations.filter { $0.kind == .locator }.map(\.identifier)
        let touched = seen.union(asked)
        let app = catalog.index.declarations.filter { $0.kind != .locator }
        func untouched(_ declaration: IdentifierDeclaration) -> Bool {
            !touched.contains { IdentifierTemplateMatch.matches(declaration.identifier, $0) }
        }
        let screens = Set(nights.screens.map(\.name))
        #expect(screens.count == 8, "\(screens.sorted())")
        for screen in screens.sorted() {
            let declared = app.filter { $0.identifier.hasPrefix(screen + ".") }
            let never = declared.filter(untouched)
            #expect(!never.isEmpty, "\(screen): every one of \(declared.count) declared identifiers is exercised")
            #expect(never.count < declared.count, "\(screen): nothing declared is exercised")
        }
        let settings = app.filter { $0.identifier.hasPrefix("Settings.") }
        #expect(settings.count >= 10)
        #expect(settings.filter(untouched).count >= 5)
    }

    @Test("the index is clean: the one unresolved assignment is BannerView's parameter")
    func oneDeliberateUnresolved() throws {
        let unresolved = try Self.catalog().index.unresolved
        #expect(unresolved.map(\.file) == ["Podcasts/Support/BannerView.swift"])
        #expect(unresolved.map(\.expression) == ["accessibilityID"])
    }
}

extension SourceCatalog {
    fileprivate var rootURL: URL { URL(fileURLWithPath: root) }
}
