/// What analysis learned about one identifier template, before the tree rolls it up.
struct NodeFacts {
    var elements = 0
    var interactive = 0
    var identified = 0
    /// Tests by their number in the `NodeFactTable`.
    var tests: Set<Int> = []
    /// Of `tests`, the failed ones with a failure mapped here.
    var failedTests: Set<Int> = []
    /// Of `tests`, those passed on retry.
    var passedOnRetryTests: Set<Int> = []
    /// The test last added to `tests` (and `passedOnRetryTests` when passed on retry), so its
    /// repeats cost no hash.
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
        for example in later.examples where examples.count < 3 && !examples.contains(example) {
            examples.append(example)
        }
    }

    /// Rolls a child's figures up into its branch (sources, types and examples stay the node's own).
    mutating func merge(_ other: NodeFacts) {
        elements += other.elements
        interactive += other.interactive
        identified += other.identified
        tests.formUnion(other.tests)
        failedTests.formUnion(other.failedTests)
        passedOnRetryTests.formUnion(other.passedOnRetryTests)
        auditByType.merge(other.auditByType, uniquingKeysWith: +)
        auditBySeverity.merge(other.auditBySeverity, uniquingKeysWith: +)
    }
}
