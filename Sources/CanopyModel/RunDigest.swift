/// What analysis concluded about one run, in the form history stores it: per-failure categories
/// and fingerprints, identifier nodes touched, and coverage figures.
///
/// Analysis (`CanopyAnalysis`) produces it from a `Run`; history (`CanopyHistory`) persists it
/// beside the run so trends and flakiness can be computed without re-analysing old inputs.
package struct RunDigest: Sendable, Equatable, Hashable, Codable {
    package var failures: [FailureDigest]
    package var coverage: [CoverageFigure]
    package var identifierNodes: [IdentifierNodeDigest]

    package init(
        failures: [FailureDigest] = [], coverage: [CoverageFigure] = [], identifierNodes: [IdentifierNodeDigest] = []
    ) {
        self.failures = failures
        self.coverage = coverage
        self.identifierNodes = identifierNodes
    }
}
