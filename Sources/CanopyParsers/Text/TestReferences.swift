import CanopyModel

/// Resolves the test a snapshot or an audit file names (`"test"`) to the key of that test in the
/// run (`TestIdentity.key`), so a screen, an audit issue and a failure of one test count as one
/// test on an identifier node, and an audit issue knows its test's outcome.
///
/// Writers name a test as they can: `XCTestCase.name` is `-[AppUITests.LoginTests testLogin]`,
/// a hand-written name is `AppUITests.LoginTests/testLogin()` or leaves the module out
/// (`LoginTests/testLogin`), and the run's key drops `()` and adds `@device`. A name that matches
/// no test of the run is still put in key form (`-[C n]` and `C/n()` become `C/n`), so history
/// sees one spelling.
struct TestReferences {
    /// The key of the first test in run order with each test key (`Class/name(args)`).
    private var byTestKey: [String: String] = [:]
    /// The same, by the class's last dot-separated part and the name: `LoginTests/testLogin`.
    private var byShortKey: [String: String] = [:]
    private var keys: Set<String> = []

    init(tests: [TestCase]) {
        for test in tests {
            let key = test.identity.key
            keys.insert(key)
            if byTestKey[test.identity.testKey] == nil { byTestKey[test.identity.testKey] = key }
            let short = Self.lastComponent(test.identity.className) + "/" + test.identity.normalizedName
            if byShortKey[short] == nil { byShortKey[short] = key }
        }
    }

    /// The run's key of the test `written` names, else `written` in key form.
    func resolve(_ written: String) -> String {
        let text = written.trimmingASCIIWhitespace()
        if keys.contains(text) { return text }
        guard let (className, name) = Self.split(text) else { return text }
        let testKey = TestKey(className: className, name: name).test
        if let key = byTestKey[testKey] { return key }
        if let key = byShortKey[Self.lastComponent(className) + "/" + name] { return key }
        return testKey
    }

    /// Class and name (without a trailing `()`) of `-[Class name]` or `Class/name`, else nil.
    static func split(_ text: String) -> (className: String, name: String)? {
        var className: Substring
        var name: Substring
        if text.hasPrefix("-["), text.hasSuffix("]"), let space = text.firstIndex(of: " ") {
            className = text[text.index(text.startIndex, offsetBy: 2)..<space]
            name = text[text.index(after: space)..<text.index(before: text.endIndex)]
        } else if let slash = text.lastIndex(of: "/") {
            className = text[..<slash]
            name = text[text.index(after: slash)...]
        } else {
            return nil
        }
        if name.hasSuffix("()") { name = name.dropLast(2) }
        guard !className.isEmpty, !name.isEmpty else { return nil }
        return (String(className), String(name))
    }

    /// `LoginTests` of `AppUITests.LoginTests`, `Suite` of Swift Testing's `Module/Suite`.
    private static func lastComponent(_ className: String) -> Substring {
        className.lastIndex { $0 == "." || $0 == "/" }.map { className[className.index(after: $0)...] }
            ?? Substring(className)
    }
}
