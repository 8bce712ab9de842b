/// What analysis learned about one identifier template, before the tree rolls it up.
struct NodeFacts {
    var elements = 0
    var interactive = 0
    var identified = 0
    var failures = 0
    /// Tests by their number in the `NodeFactTable`.
    var tests: Set<Int> = []
    var flakyTests: Set<Int> = []
    var auditByType: [String: Int] = [:]
    var auditBySeverity: [String: Int] = [:]
    var elementTypes: Set<String> = []
    var sources: Set<NodeSource> = []
    var examples: [String] = []

    mutating func note(identifier: String, source: NodeSource, elementType: String?) {
        sources.insert(source)
        if let elementType { elementTypes.insert(elementType) }
        if examples.count < 3, !examples.contains(identifier) { examples.append(identifier) }
    }

    mutating func merge(_ other: NodeFacts) {
        elements += other.elements
        interactive += other.interactive
        identified += other.identified
        failures += other.failures
        tests.formUnion(other.tests)
        flakyTests.formUnion(other.flakyTests)
        auditByType.merge(other.auditByType, uniquingKeysWith: +)
        auditBySeverity.merge(other.auditBySeverity, uniquingKeysWith: +)
    }
}

/// Facts by identifier template, filled by the analysis passes in turn. Tests are counted by
/// number: a test key is hashed once per test here, not once per fact in every node's set
/// (string set inserts were ~7% of analysing the bench report, the tree's unions another 3%).
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

    /// Changes the facts of one template, creating them when new; one hash of the template.
    mutating func update(_ template: String, _ body: (inout NodeFacts) -> Void) {
        body(&nodes[template, default: NodeFacts()])
    }
}

/// Where an identifier was seen.
public enum NodeSource: String, Sendable, Equatable, Hashable, Codable, Comparable {
    case snapshot, audit, failure, output

    public static func < (lhs: NodeSource, rhs: NodeSource) -> Bool { lhs.rawValue < rhs.rawValue }
}
