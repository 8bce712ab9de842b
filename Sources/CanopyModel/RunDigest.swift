/// What analysis concluded about one run, in the form history stores it: per-failure categories
/// and fingerprints, identifier nodes touched, and coverage figures.
///
/// Analysis (`CanopyAnalysis`) produces it from a `Run`; history (`CanopyHistory`) persists it
/// beside the run so trends and flakiness can be computed without re-analysing old inputs.
package struct RunDigest: Sendable, Equatable, Hashable, Codable {
    package var failures: [FailureDigest]
    package var coverage: [CoverageFigure]
    package var identifierNodes: [IdentifierNodeDigest]
    /// The keys of the tests that touched each identifier template (a failure, an activity line, a
    /// snapshot or an audit issue), sorted; what `canopy affected` selects tests from.
    package var identifierTests: [String: [String]]
    /// The run's failed tests by cause (`FailedTestCause`), the causes that have any: they add up
    /// to the run's failed tests. The trend's by-cause series.
    package var failedTestsByCause: [String: Int]

    package init(
        failures: [FailureDigest] = [], coverage: [CoverageFigure] = [], identifierNodes: [IdentifierNodeDigest] = [],
        identifierTests: [String: [String]] = [:], failedTestsByCause: [String: Int] = [:]
    ) {
        self.failures = failures
        self.coverage = coverage
        self.identifierNodes = identifierNodes
        self.identifierTests = identifierTests
        self.failedTestsByCause = failedTestsByCause
    }
}
