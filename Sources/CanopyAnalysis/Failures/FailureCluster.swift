import CanopyModel

/// Failures sharing one fingerprint: one cause, one row.
package struct FailureCluster: Sendable, Equatable, Hashable, Codable {
    /// FNV-1a 64 of category, normalised message and identifier template (16 hex digits).
    package var fingerprint: String
    package var category: String
    package var isInfrastructure: Bool
    package var normalizedMessage: String
    /// The first message seen with this fingerprint.
    package var exampleMessage: String
    /// The identifier template, when the failures name one.
    package var identifier: String?
    /// Failures in the cluster.
    package var count: Int
    /// Distinct tests hit.
    package var testCount: Int
    /// The first `ReportBuilder.clusterTestLimit` tests hit, sorted.
    package var tests: [String]
}
