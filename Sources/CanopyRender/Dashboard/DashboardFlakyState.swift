/// Where a test stands across runs.
package enum DashboardFlakyState: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Fails and passes on the same code.
    case flaky
    /// Passed until `since`, fails every run from it on.
    case newlyBroken
    /// Failed from `since` on, on too few commits yet to call it broken (`minimumBrokenCommits`).
    case unconfirmedFailure
    /// Failed until `since`, passes from it on.
    case fixed
    /// Failed in the baseline and still fails.
    case stillFailing
    /// Passes.
    case stable
}
