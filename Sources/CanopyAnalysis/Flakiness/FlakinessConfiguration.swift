/// Every threshold flakiness uses. The pipeline maps `flakiness:` in `Config/canopy.yml` onto
/// it; a key left out keeps its default.
package struct FlakinessConfiguration: Codable, Sendable, Equatable, Hashable {
    /// History window in days (`flakiness.windowDays`).
    package var windowDays: Int = 30
    /// History window in runs, when set (`flakiness.windowRuns`); both limits apply.
    package var windowRuns: Int?
    /// A trailing block of failing commits is "newly broken" when its probability under the
    /// earlier failure rate is below this (`flakiness.significance`).
    package var significance: Double = 0.05
    /// z of the Wilson score upper bound on the earlier failure rate (`flakiness.wilsonZ`; 1.96 ≈ 95 %).
    package var wilsonZ: Double = 1.96
    /// Fewest failing commits in a row to call a test newly broken (`flakiness.minimumBrokenCommits`).
    package var minimumBrokenCommits: Int = 2
    /// Fewest passing commits after the last failure to call a test fixed (`flakiness.minimumFixedCommits`).
    package var minimumFixedCommits: Int = 1
    /// Commits with mixed verdicts (passed and failed on the same commit) that make a test flaky
    /// (`flakiness.mixedCommitsForFlaky`).
    package var mixedCommitsForFlaky: Int = 1
    /// Weight of a commit relative to the next newer one in the score (`flakiness.scoreDecay`, 0…1).
    package var scoreDecay: Double = 0.9
    /// Whether a run whose every failed attempt was an infrastructure failure counts as a pass
    /// across runs (`flakiness.infrastructureFlakesCountAsPasses`).
    package var infrastructureFlakesCountAsPasses: Bool = true
    /// Distinct tests with flaky failures on one identifier to list the element as flaky
    /// (`flakiness.minimumTestsPerFlakyElement`).
    package var minimumTestsPerFlakyElement: Int = 2

    package init() {}

    /// The YAML/JSON key names, for error messages and documentation.
    package static let keyNames = [
        "windowDays", "windowRuns", "significance", "wilsonZ", "minimumBrokenCommits", "minimumFixedCommits",
        "mixedCommitsForFlaky", "scoreDecay", "infrastructureFlakesCountAsPasses", "minimumTestsPerFlakyElement",
    ]

    private enum CodingKeys: String, CodingKey {
        case windowDays, windowRuns, significance, wilsonZ, minimumBrokenCommits, minimumFixedCommits
        case mixedCommitsForFlaky, scoreDecay, infrastructureFlakesCountAsPasses, minimumTestsPerFlakyElement
    }

    /// Decodes the keys present and keeps the defaults for the rest.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = FlakinessConfiguration()
        windowDays = try c.decodeIfPresent(Int.self, forKey: .windowDays) ?? d.windowDays
        windowRuns = try c.decodeIfPresent(Int.self, forKey: .windowRuns)
        significance = try c.decodeIfPresent(Double.self, forKey: .significance) ?? d.significance
        wilsonZ = try c.decodeIfPresent(Double.self, forKey: .wilsonZ) ?? d.wilsonZ
        minimumBrokenCommits = try c.decodeIfPresent(Int.self, forKey: .minimumBrokenCommits) ?? d.minimumBrokenCommits
        minimumFixedCommits = try c.decodeIfPresent(Int.self, forKey: .minimumFixedCommits) ?? d.minimumFixedCommits
        mixedCommitsForFlaky = try c.decodeIfPresent(Int.self, forKey: .mixedCommitsForFlaky) ?? d.mixedCommitsForFlaky
        scoreDecay = try c.decodeIfPresent(Double.self, forKey: .scoreDecay) ?? d.scoreDecay
        infrastructureFlakesCountAsPasses =
            try c.decodeIfPresent(Bool.self, forKey: .infrastructureFlakesCountAsPasses)
            ?? d.infrastructureFlakesCountAsPasses
        minimumTestsPerFlakyElement =
            try c.decodeIfPresent(Int.self, forKey: .minimumTestsPerFlakyElement) ?? d.minimumTestsPerFlakyElement
    }
}
