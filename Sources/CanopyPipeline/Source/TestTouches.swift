import CanopyModel
import CanopySource

/// The accessibility identifiers a test touched: what names the screen of a test's metric
/// (`MetricChange.identifiers`).
enum TestTouches {
    /// The most identifiers named for one test.
    static let limit = 5

    /// The identifiers `testKey`'s test touched, each once, at most `limit`: those the run saw it
    /// touch (steps, snapshots, failures: `Report.identifierTests`, identifier → tests), then the
    /// ones its own method queries in the sources, then the ones the rest of its class and the
    /// types it inherits query (`setUp`, helpers: `SourceIndex.testClassAncestry`, the rule
    /// `affected` follows), each group in the order found.
    static func identifiers(
        of testKey: String, run identifierTests: [String: [String]], index: SourceIndex?,
        ancestry: [String: Set<String>]? = nil
    ) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        func add(_ identifier: String) {
            if found.count < limit, seen.insert(identifier).inserted { found.append(identifier) }
        }
        for (identifier, tests) in identifierTests.sorted(by: { $0.key < $1.key }) where tests.contains(testKey) {
            add(identifier)
        }
        guard let index else { return found }
        let key = TestKey(stored: testKey)
        let type = TestClassDeclaration.declaredName(of: key.className)
        let types = (ancestry ?? index.testClassAncestry)[type] ?? [type]
        let queries = index.queries.filter { $0.type.map(types.contains) ?? false }
        for query in queries where query.type == type && query.function == key.name { add(query.identifier) }
        for query in queries where query.function.map({ !$0.hasPrefix("test") }) ?? true { add(query.identifier) }
        return found
    }

    /// `changes`, each with the identifiers its test touched.
    static func joined(_ changes: [MetricChange], run identifierTests: [String: [String]], index: SourceIndex?)
        -> [MetricChange]
    {
        let ancestry = changes.isEmpty ? nil : index?.testClassAncestry
        return changes.map { change in
            var change = change
            change.identifiers = identifiers(
                of: change.testKey, run: identifierTests, index: index, ancestry: ancestry)
            return change
        }
    }
}
