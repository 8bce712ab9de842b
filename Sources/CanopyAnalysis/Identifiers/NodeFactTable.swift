/// Facts by identifier template, filled by the analysis passes in turn. Tests are counted by
/// number: a test key is hashed once per test here, not once per fact in every node's set.
struct NodeFactTable {
    private(set) var nodes: [String: NodeFacts] = [:]
    private var testNumbers: [String: Int] = [:]
    /// Test keys by number.
    private var testKeys: [String] = []

    /// The number of a test key, the same for every pass.
    mutating func number(test key: String) -> Int {
        if let number = testNumbers[key] { return number }
        let number = testNumbers.count
        testNumbers[key] = number
        testKeys.append(key)
        return number
    }

    /// Adds facts gathered apart (a range of tests), in run order.
    mutating func absorb(_ facts: [String: NodeFacts]) {
        for (template, later) in facts { nodes[template, default: NodeFacts()].absorb(later) }
    }

    /// Changes the facts of one template, creating them when new; one hash of the template.
    mutating func update(_ template: String, _ body: (inout NodeFacts) -> Void) {
        body(&nodes[template, default: NodeFacts()])
    }

    /// The keys of the tests that touched each template (`NodeFacts.tests`: the tests the tree
    /// counts), sorted; templates no test touched are absent.
    func testsByTemplate() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (template, facts) in nodes where !facts.tests.isEmpty {
            result[template] = facts.tests.map { testKeys[$0] }.sorted()
        }
        return result
    }
}
