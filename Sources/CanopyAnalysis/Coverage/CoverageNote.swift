/// What a reader should know about a run's coverage figures. `report.json` carries each as
/// `{"kind": …}` with its count; the words are the reader's surface's.
package enum CoverageNote: Sendable, Equatable, Hashable, Codable {
    /// This many screens came from label-only (A11yUITests) snapshots, which carry no identifiers:
    /// their figures are label coverage (`CoverageReport.labelCoverage`), not identifier coverage.
    case labelOnlyScreens(Int)
    /// The run has no element-tree snapshot: identifier coverage cannot be measured.
    case noSnapshots

    private enum Kind: String, Codable {
        case labelOnlyScreens, noSnapshots
    }

    private enum CodingKeys: String, CodingKey {
        case kind, screens
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .labelOnlyScreens: self = .labelOnlyScreens(try container.decode(Int.self, forKey: .screens))
        case .noSnapshots: self = .noSnapshots
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .labelOnlyScreens(let screens):
            try container.encode(Kind.labelOnlyScreens, forKey: .kind)
            try container.encode(screens, forKey: .screens)
        case .noSnapshots:
            try container.encode(Kind.noSnapshots, forKey: .kind)
        }
    }
}
