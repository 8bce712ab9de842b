/// Facts by identifier template, filled by the analysis passes in turn. Tests are counted by
/// number: a test key is hashed once per test here, not once per fact in every node's set.
struct NodeFactTable {
    private(set) var nodes: [String: NodeFacts] = [:]
    private var testNumbers: [String: Int] = [:]

    /// The number of a test key, the same for every pass.
    mutating func number(test key: String) -> Int {
        if let number = testNumbers[key] { return number }
        let number = testNumbers.count
        testNumbers[key] = number
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
}
