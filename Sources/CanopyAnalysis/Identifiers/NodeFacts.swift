/// What analysis learned about one identifier template, before the tree rolls it up.
struct NodeFacts {
    var elements = 0
    var interactive = 0
    var identified = 0
    var failures = 0
    /// Tests by their number in the `NodeFactTable`.
    var tests: Set<Int> = []
    var flakyTests: Set<Int> = []
    /// The test last added to `tests` (and `flakyTests` when flaky), so its repeats cost no hash.
    var lastTest = -1
    var auditByType: [String: Int] = [:]
    var auditBySeverity: [String: Int] = [:]
    var elementTypes: Set<String> = []
    /// One bit per `NodeSource`, so recording a fact's source costs no set insert.
    private var sourceBits: UInt8 = 0
    var examples: [String] = []

    /// Where the identifiers of this node were seen, in order.
    var sources: [NodeSource] { NodeSource.allCases.filter { sourceBits & $0.bit != 0 }.sorted() }

    mutating func note(identifier: String, source: NodeSource, elementType: String?) {
        sourceBits |= source.bit
        if let elementType { elementTypes.insert(elementType) }
        if examples.count < 3, !examples.contains(identifier) { examples.append(identifier) }
    }

    /// Adds the facts a later part of the run recorded about the same template: counts add up, sets
    /// join, examples keep first-seen order.
    mutating func absorb(_ later: NodeFacts) {
        merge(later)
        sourceBits |= later.sourceBits
        elementTypes.formUnion(later.elementTypes)
        for example in later.examples where examples.count < 3 && !examples.contains(example) { examples.append(example) }
    }

    /// Rolls a child's figures up into its branch (sources, types and examples stay the node's own).
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

/// Where an identifier was seen.
package enum NodeSource: String, Sendable, Equatable, Hashable, Codable, Comparable, CaseIterable {
    case snapshot, audit, failure, output

    var bit: UInt8 {
        switch self {
        case .snapshot: 1
        case .audit: 2
        case .failure: 4
        case .output: 8
        }
    }

    package static func < (lhs: NodeSource, rhs: NodeSource) -> Bool { lhs.rawValue < rhs.rawValue }
}
