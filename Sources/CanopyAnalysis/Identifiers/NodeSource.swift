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
