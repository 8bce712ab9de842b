import CanopyHistory
import CanopySource
import Foundation

/// Which UI tests a change can affect (`canopy affected`, docs/source-index.md "Affected UI
/// tests"), or why every test must run. A pure function of the changed files' declarations, the
/// UI tests' queries and the history of which tests touched which identifier.
///
/// Selected: every test whose history touched an identifier a changed file declares, or declared
/// at the base revision (templates match either way, `IdentifierTemplateMatch`), and every test
/// whose query names one (a query in a test method selects that test, one elsewhere in a test
/// class selects the whole class). Every test must run instead when the store holds no run, when
/// a changed file declares no identifier (now or at the base), when a changed file is gone and
/// there is no base revision to read, or when a query names a selected identifier in a test the
/// history never saw (or in a test class whose bundle is unknown).
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

    /// One selected test and why.
    package struct Test: Sendable, Equatable, Encodable {
        /// The test's key without device or configuration (`AppUITests.LoginTests/testLogin`).
        package var test: String
        /// `Bundle/Class/method` for `xcodebuild -only-testing:`.
        package var onlyTesting: String
        package var reasons: [String]
    }

    /// The identifiers the changed files declare (and declared), in file and line order.
    package var identifiers: [Identifier] = []
    /// Sorted by test.
    package var tests: [Test] = []
    /// Why every test must run; empty when `tests` is the selection.
    package var runEverything: [String] = []
    /// How many tests the store holds results of.
    package var storedTests = 0

    /// Selects the tests `changed` affects.
    package init(changed: [ChangedFile], index: SourceIndex, history: TestIdentifierHistory) {
        storedTests = Set(history.tests.map { Self.testKey($0) }).count
        if history.runs == 0 { runEverything.append("the history store holds no runs") }
        for file in changed {
            if !file.exists && file.baseDeclarations == nil {
                runEverything.append("\(file.path) is gone and without --base what it declared is unknown")
                continue
            }
            let now = file.declarations.map {
                Identifier(identifier: $0.identifier, file: $0.file, line: $0.line, atBase: false)
            }
            let before = (file.baseDeclarations ?? []).map {
                Identifier(identifier: $0.identifier, file: $0.file, line: $0.line, atBase: true)
            }
            if now.isEmpty && before.isEmpty {
                runEverything.append(
                    "\(file.path) declares no accessibility identifier"
                        + (file.baseDeclarations == nil ? "" : " (nor did it at the base revision)"))
            }
            var seen = Set<String>()
            identifiers += (now + before).filter { seen.insert($0.identifier).inserted }
        }
        var selected: [String: (onlyTesting: String?, reasons: [String])] = [:]
        func select(_ name: StoredTestName, _ reason: String) {
            let key = Self.testKey(name)
            var entry = selected[key] ?? (Self.onlyTesting(name, index: index), [])
            if !entry.reasons.contains(reason) { entry.reasons.append(reason) }
            selected[key] = entry
        }
        // Tests known only from a snapshot or an audit have no result, only touches.
        let known = Array(Set(history.tests + history.touches.map(\.test))).sorted { $0.key < $1.key }
        let testsByClass = Dictionary(grouping: known) { TestClassDeclaration.declaredName(of: $0.className) }
        let testClasses = Set(index.testClasses.map(\.name))
        for identifier in identifiers {
            let declared =
                "\(identifier.identifier) (declared \(identifier.file):\(identifier.line)"
                + (identifier.atBase ? " at the base revision)" : ")")
            for touch in history.touches where IdentifierTemplateMatch.matches(identifier.identifier, touch.identifier)
            {
                select(touch.test, "touched \(touch.identifier) in run \(touch.lastRunKey); \(declared)")
            }
            for query in index.queries where IdentifierTemplateMatch.matches(identifier.identifier, query.identifier) {
                guard let type = query.type, testClasses.contains(type) else { continue }
                let place = "\(query.file):\(query.line)"
                let classTests = testsByClass[type] ?? []
                if let function = query.function, function.hasPrefix("test") {
                    let tests = classTests.filter { Self.method($0.name) == function }
                    if tests.isEmpty {
                        runEverything.append(
                            "\(type).\(function) queries \(identifier.identifier) (\(place)) and history never saw it")
                    }
                    for test in tests { select(test, "queries \(query.identifier) at \(place); \(declared)") }
                } else {
                    if classTests.isEmpty {
                        runEverything.append(
                            "\(type) queries \(identifier.identifier) (\(place)) and history never saw a test of it")
                    }
                    for test in classTests {
                        select(test, "its class queries \(query.identifier) at \(place); \(declared)")
                    }
                }
            }
        }
        for (key, entry) in selected where entry.onlyTesting == nil {
            runEverything.append("the test bundle of \(key) is unknown, so -only-testing cannot name it")
        }
        tests = selected.map { Test(test: $0.key, onlyTesting: $0.value.onlyTesting ?? "", reasons: $0.value.reasons) }
            .sorted { $0.test < $1.test }
        var seenReasons = Set<String>()
        runEverything = runEverything.filter { seenReasons.insert($0).inserted }
    }

    /// The test's key across devices and configurations: `Class/method`.
    static func testKey(_ name: StoredTestName) -> String {
        name.className + "/" + method(name.name)
    }

    /// A test name without its trailing `()`.
    static func method(_ name: String) -> String {
        name.hasSuffix("()") ? String(name.dropLast(2)) : name
    }

    /// `Bundle/Class/method`: the bundle is the class name's module (`AppUITests.LoginTests`), else
    /// the top directory of the file declaring the class (`AppUITests/LoginTests.swift`, the
    /// target's folder); nil when neither says.
    static func onlyTesting(_ name: StoredTestName, index: SourceIndex) -> String? {
        let parts = name.className.split(separator: ".").map(String.init)
        let method = method(name.name)
        if parts.count >= 2 { return "\(parts.dropLast().joined(separator: "."))/\(parts[parts.count - 1])/\(method)" }
        let file = index.testClasses.first { $0.name == name.className }?.file
        let folders = file.map { $0.split(separator: "/").dropLast() } ?? []
        guard let bundle = folders.first else { return nil }
        return "\(bundle)/\(name.className)/\(method)"
    }
}
