/// What analysis learned about one identifier template, before the tree rolls it up.
struct NodeFacts {
    var elements = 0
    var interactive = 0
    var identified = 0
    var failures = 0
    var tests: Set<String> = []
    var flakyTests: Set<String> = []
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

/// Where an identifier was seen.
public enum NodeSource: String, Sendable, Equatable, Hashable, Codable, Comparable {
    case snapshot, audit, failure, output

    public static func < (lhs: NodeSource, rhs: NodeSource) -> Bool { lhs.rawValue < rhs.rawValue }
}
