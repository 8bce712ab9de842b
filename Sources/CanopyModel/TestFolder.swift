/// Folds test executions that share an identity into one `TestCase` with ordered attempts.
///
/// Parsers and the run assembler feed executions in reading order; the folder keeps first-seen
/// order of tests and appends attempts in the order they arrive.
public struct TestFolder: Sendable {
    private var index: [String: Int] = [:]
    public private(set) var tests: [TestCase] = []

    public init() {}

    /// Adds the attempts of `test` to the test with the same key, or appends it as a new test.
    public mutating func add(_ test: TestCase) {
        let key = test.identity.key
        if let position = index[key] {
            tests[position].attempts.append(contentsOf: test.attempts)
            if tests[position].location == nil { tests[position].location = test.location }
            if tests[position].identity.bundle == nil { tests[position].identity.bundle = test.identity.bundle }
            for tag in test.tags where !tests[position].tags.contains(tag) { tests[position].tags.append(tag) }
        } else {
            index[key] = tests.count
            tests.append(test)
        }
    }

    /// Position of the test with `key`, if present.
    public func position(of key: String) -> Int? { index[key] }

    /// Mutates the test at `position` in place.
    public mutating func update(at position: Int, _ body: (inout TestCase) -> Void) {
        body(&tests[position])
    }
}
