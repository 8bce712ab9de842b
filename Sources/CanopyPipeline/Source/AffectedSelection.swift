import CanopyHistory
import CanopyRender
import CanopySource
import Foundation

/// Which UI tests a change can affect (`canopy affected`, docs/source-index.md "Affected UI
/// tests"), or why every test must run. A pure function of the changed files' declarations, the
/// UI tests' queries and the history of which tests touched which identifier.
///
/// Selected: every test whose history touched an identifier a changed file declares, or declared
/// at the base revision (templates match either way, `IdentifierTemplateMatch`), and every test
/// whose query names one: a query in a test method selects that test, one in a helper of a type
/// (a test class, a base class such as `UITestCase`, a protocol a test class adopts) selects
/// every test of every test class that is or inherits that type, transitively
/// (`SourceIndex.testClassAncestry`). Every test must run instead when the store holds no run,
/// when a changed file declares no identifier (now or at the base), when a changed file is gone
/// and there is no base revision to read, when a query names a selected identifier in a test (or
/// a test class that no other inherits) the history never saw, or when a selected test's bundle
/// is unknown. Tests are named as `AffectedTestNames` says.
package struct AffectedSelection: Sendable, Equatable {
    /// An identifier a changed file declares.
    package struct Identifier: Sendable, Equatable, Hashable {
        package var identifier: String
        package var file: String
        package var line: Int
        /// Whether the base revision declared it (`--base`), rather than the file as it is.
        package var atBase: Bool
    }

    /// A changed file, relative to the source directory, with what it declares.
    package struct ChangedFile: Sendable, Equatable {
        package var path: String
        /// Whether the file exists in the source directory.
        package var exists: Bool
        /// What the file declares as it is.
        package var declarations: [IdentifierDeclaration]
        /// What it declared at the base revision; nil without `--base`.
        package var baseDeclarations: [IdentifierDeclaration]?

        package init(
            path: String, exists: Bool, declarations: [IdentifierDeclaration],
            baseDeclarations: [IdentifierDeclaration]?
        ) {
            self.path = path
            self.exists = exists
            self.declarations = declarations
            self.baseDeclarations = baseDeclarations
        }
    }

    /// One selected test and why (`AffectedWords` words the reasons).
    package struct Test: Sendable, Equatable {
        /// The test's key without device or configuration (`AppUITests.LoginTests/testLogin`).
        package var test: String
        /// `Bundle/Class/method` for `xcodebuild -only-testing:`.
        package var onlyTesting: String
        package var reasons: [AffectedWords.Reason]
    }

    /// The identifiers the changed files declare (and declared), in file and line order.
    package var identifiers: [Identifier] = []
    /// Sorted by test.
    package var tests: [Test] = []
    /// Why every test must run; empty when `tests` is the selection.
    package var runEverything: [AffectedWords.RunEverything] = []
    /// How many tests the store holds results of, one per test, device and configuration: the
    /// count a run of them all gives on every other surface.
    package var storedTests = 0
    /// How many of those are runs of a selected test (on any device or configuration).
    package var storedTestsAffected = 0

    /// Selects the tests `changed` affects.
    package init(changed: [ChangedFile], index: SourceIndex, history: TestIdentifierHistory) {
        let names = AffectedTestNames(results: history.tests, index: index)
        storedTests = history.tests.count
        if history.runs == 0 { runEverything.append(.noRuns) }
        for file in changed {
            if !file.exists && file.baseDeclarations == nil {
                runEverything.append(.gone(path: file.path))
                continue
            }
            let now = file.declarations.map {
                Identifier(identifier: $0.identifier, file: $0.file, line: $0.line, atBase: false)
            }
            let before = (file.baseDeclarations ?? []).map {
                Identifier(identifier: $0.identifier, file: $0.file, line: $0.line, atBase: true)
            }
            if now.isEmpty && before.isEmpty {
                runEverything.append(.declaresNothing(path: file.path, base: file.baseDeclarations != nil))
            }
            var seen = Set<String>()
            identifiers += (now + before).filter { seen.insert($0.identifier).inserted }
        }
        var selected: [String: (onlyTesting: String?, reasons: [AffectedWords.Reason])] = [:]
        func select(_ name: StoredTestName, _ reason: AffectedWords.Reason) {
            let key = names.key(name)
            var entry = selected[key] ?? (names.onlyTesting(name), [])
            if !entry.reasons.contains(reason) { entry.reasons.append(reason) }
            selected[key] = entry
        }
        // Tests known only from a snapshot or an audit have no result, only touches.
        let known = Array(Set(history.tests + history.touches.map(\.test))).sorted { $0.key < $1.key }
        let testsByClass = Dictionary(grouping: known) { TestClassDeclaration.declaredName(of: $0.className) }
        let ancestry = index.testClassAncestry
        let bases = index.baseTestClasses
        let classNames = index.testClasses.map(\.name).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        for identifier in identifiers {
            let declared = AffectedWords.Declared(
                identifier: identifier.identifier, file: identifier.file, line: identifier.line,
                atBase: identifier.atBase)
            for touch in history.touches where IdentifierTemplateMatch.matches(identifier.identifier, touch.identifier)
            {
                select(touch.test, .touched(identifier: touch.identifier, run: Self.run(of: touch), declared: declared))
            }
            for query in index.queries where IdentifierTemplateMatch.matches(identifier.identifier, query.identifier) {
                guard let type = query.type else { continue }
                let heirs = classNames.filter { ancestry[$0]?.contains(type) == true }
                let place = "\(query.file):\(query.line)"
                if let function = query.function, function.hasPrefix("test") {
                    let tests = heirs.flatMap { (testsByClass[$0] ?? []).filter { Self.method($0.name) == function } }
                    if tests.isEmpty && !heirs.isEmpty {
                        runEverything.append(
                            .unseenTest(type: type, function: function, identifier: identifier.identifier, place: place)
                        )
                    }
                    for test in tests {
                        select(test, .queries(identifier: query.identifier, place: place, declared: declared))
                    }
                    continue
                }
                for heir in heirs {
                    let classTests = testsByClass[heir] ?? []
                    let inherited = heir == type ? nil : type
                    if classTests.isEmpty && !bases.contains(heir) {
                        runEverything.append(
                            .unseenClass(
                                name: heir, inherits: inherited, identifier: identifier.identifier, place: place))
                    }
                    for test in classTests {
                        select(
                            test,
                            .classQueries(
                                identifier: query.identifier, place: place, inherits: inherited, declared: declared))
                    }
                }
            }
        }
        for (key, entry) in selected where entry.onlyTesting == nil {
            runEverything.append(.unknownBundle(test: key))
        }
        tests = selected.map { Test(test: $0.key, onlyTesting: $0.value.onlyTesting ?? "", reasons: $0.value.reasons) }
            .sorted { $0.test < $1.test }
        storedTestsAffected = history.tests.count { selected[names.key($0)] != nil }
        var seenReasons = Set<AffectedWords.RunEverything>()
        runEverything = runEverything.filter { seenReasons.insert($0).inserted }
    }

    /// A run as evidence names it: its day (UTC) and commit, its key only when it has neither.
    static func run(of touch: TestIdentifierHistory.Touch) -> AffectedWords.Run {
        let day = touch.lastRunStarted.map {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: $0)
        }
        let commit = touch.lastRunCommit.flatMap { $0.isEmpty ? nil : $0 }
        return AffectedWords.Run(day: day, commit: commit, key: day == nil && commit == nil ? touch.lastRunKey : nil)
    }

    /// A test name without its trailing `()`.
    static func method(_ name: String) -> String { AffectedTestNames.method(name) }
}
