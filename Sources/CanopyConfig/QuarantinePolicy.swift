import Foundation

/// When `canopy quarantine suggest` proposes to quarantine a flaky test, and when to lift an
/// entry (`quarantinePolicy:` in canopy.yml). Suggestions only: the file changes with `--write`,
/// in a change someone reviews.
package struct QuarantinePolicy: Sendable, Equatable {
    /// A flaky test is proposed when its flakiness score reaches this (0…1) …
    package var minimumScore: Double? = 0.3
    /// … or when it failed (an attempt, infrastructure aside) in at least this share of its runs (0…1) …
    package var minimumFailureRate: Double? = 0.3
    /// … over at least this many runs of the window.
    package var minimumRuns = 10
    /// An entry for one test is proposed for lifting once the test passed this many runs in a row
    /// (its latest ones, no failed attempt).
    package var liftAfterCleanRuns = 10
    /// The days a proposed entry applies (its `expires`, from today).
    package var expiryDays = 30

    package init() {}
}

extension ConfigurationLoader {
    /// `quarantinePolicy:`: each threshold in range, and at least one of `minimumScore` and
    /// `minimumFailureRate` (`null` turns one off).
    static func readQuarantinePolicy(_ section: inout ConfigSection) throws -> QuarantinePolicy {
        var policy = QuarantinePolicy()
        if section.isNull("minimumScore") {
            policy.minimumScore = nil
        } else if let score = try section.double("minimumScore", range: 0...1) {
            policy.minimumScore = score
        }
        if section.isNull("minimumFailureRate") {
            policy.minimumFailureRate = nil
        } else if let rate = try section.double("minimumFailureRate", range: 0...1) {
            policy.minimumFailureRate = rate
        }
        if let runs = try section.int("minimumRuns", range: 1...10_000) { policy.minimumRuns = runs }
        if let runs = try section.int("liftAfterCleanRuns", range: 1...10_000) { policy.liftAfterCleanRuns = runs }
        if let days = try section.int("expiryDays", range: 1...3_650) { policy.expiryDays = days }
        if policy.minimumScore == nil && policy.minimumFailureRate == nil {
            throw section.error(
                at: "minimumScore",
                "minimumScore and minimumFailureRate are both off, so no test could be proposed; give one of them")
        }
        return policy
    }
}
