/// One test's flakiness over a window.
package struct TestFlakiness: Sendable, Equatable, Hashable, Codable {
    package var key: FlakinessKey
    package var state: FlakinessState
    /// 0…1: the larger of the exponentially weighted per-commit entropy and flip rate.
    package var score: Double
    /// Exponentially weighted mean of per-commit attempt entropy (Apple, ICSE-SEIP 2020).
    package var entropyScore: Double
    /// Exponentially weighted mean of verdict changes between consecutive commits.
    package var flipScore: Double
    /// The latest run's verdict.
    package var latest: RunVerdict
    package var evidence: FlakinessEvidence

    package init(
        key: FlakinessKey, state: FlakinessState, score: Double, entropyScore: Double, flipScore: Double,
        latest: RunVerdict, evidence: FlakinessEvidence
    ) {
        self.key = key
        self.state = state
        self.score = score
        self.entropyScore = entropyScore
        self.flipScore = flipScore
        self.latest = latest
        self.evidence = evidence
    }
}
