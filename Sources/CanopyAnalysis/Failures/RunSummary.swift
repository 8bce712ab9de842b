import CanopyModel

/// Totals of the run and of the analysis.
package struct RunSummary: Sendable, Equatable, Hashable, Codable {
    package var metadata: RunMetadata
    package var totals: RunTotals
    package var inputs: [InputFile]
    /// Failed tests whose cause (`FailedTestCause`) is an infrastructure category: not the app's
    /// fault.
    package var infrastructureFailedTests: Int
    package var clusters: Int
    /// Distinct identifier templates.
    package var identifiers: Int
}
