import CanopyModel

/// Totals of the run and of the analysis.
package struct RunSummary: Sendable, Equatable, Hashable, Codable {
    package var metadata: RunMetadata
    package var totals: RunTotals
    package var inputs: [InputFile]
    /// Failure records (one per failure of each attempt).
    package var failures: Int
    /// Of those, in infrastructure categories: not the app's fault.
    package var infrastructureFailures: Int
    /// Of those, mapped to an identifier.
    package var failuresWithIdentifier: Int
    package var clusters: Int
    /// Distinct identifier templates.
    package var identifiers: Int
}
