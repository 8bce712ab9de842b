/// The UI-test class hierarchy of an index: which inheriting classes of UI-test files are test
/// classes, and which test classes inherit the helpers of a type.
extension SourceIndex {
    /// The candidates (every inheriting class of a file that imports XCTest) that are UI-test
    /// classes: those that inherit, directly or through other candidates, from a type whose name
    /// ends in `TestCase` (`XCTestCase`, `UITestCase`). In the candidates' order; a loop of
    /// classes inheriting each other is not a test class.
    static func uiTestClasses(among candidates: [TestClassDeclaration]) -> [TestClassDeclaration] {
        let byName = Dictionary(candidates.map { ($0.name, $0) }) { first, _ in first }
        var known: [String: Bool] = [:]
        func isTestClass(_ name: String, visiting: Set<String>) -> Bool {
            if let answer = known[name] { return answer }
            guard let candidate = byName[name], !visiting.contains(name) else { return false }
            let answer = candidate.inherits.contains {
                $0.hasSuffix("TestCase") || isTestClass(Self.simpleName($0), visiting: visiting.union([name]))
            }
            known[name] = answer
            return answer
        }
        return candidates.filter { isTestClass($0.name, visiting: []) }
    }

    /// Every type each test class is or inherits, by class name: its own name, the types its
    /// inheritance clause and its extensions' name (superclass and protocols) and, for those that
    /// are classes or protocols of the UI-test files, theirs, transitively. A helper declared in
    /// any of these types (`UITestCase.signIn`, `extension LoginSteps`) is a helper of the class.
    package var testClassAncestry: [String: Set<String>] {
        var inherited: [String: [String]] = [:]
        for testClass in testClasses where inherited[testClass.name] == nil {
            inherited[testClass.name] = testClass.inherits.map(Self.simpleName)
        }
        for conformance in conformances {
            inherited[conformance.name, default: []] += conformance.inherits.map(Self.simpleName)
        }
        var ancestry: [String: Set<String>] = [:]
        for testClass in testClasses where ancestry[testClass.name] == nil {
            var seen: Set<String> = []
            var pending = [testClass.name]
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                pending += inherited[next] ?? []
            }
            ancestry[testClass.name] = seen
        }
        return ancestry
    }

    /// The names of test classes another test class inherits from (`UITestCase`): base classes.
    package var baseTestClasses: Set<String> {
        let names = Set(testClasses.map(\.name))
        return Set(testClasses.compactMap { $0.inherits.first.map(Self.simpleName) }.filter { names.contains($0) })
    }

    /// A type name without its module or generic arguments (`XCTest.XCTestCase` is `XCTestCase`).
    static func simpleName(_ written: String) -> String {
        let base = written.split(separator: "<", maxSplits: 1).first.map(String.init) ?? written
        return base.split(separator: ".").last.map(String.init) ?? base
    }
}
