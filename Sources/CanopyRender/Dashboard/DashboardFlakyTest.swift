/// A test ranked by flakiness score.
package struct DashboardFlakyTest: Sendable, Equatable, Hashable, Codable {
    package var test: String
    /// 0…1, higher is flakier.
    package var score: Double
    package var state: DashboardFlakyState
    /// The commit the state dates from (`newlyBroken` since X, `fixed` at Y).
    package var since: String?
    package var evidence: DashboardFlakyEvidence
    /// The most recent failure message.
    package var lastMessage: String?
    /// Whether the new-flaky-tests gate counts it: flaky in this run and not before.
    package var isNew: Bool = false
    /// For a pull request, how the test fared on the branch it targets, when flaky there
    /// (`flaky on main: 7 of the last 30 runs`).
    package var onTargetBranch: DashboardTargetBranchFlakes?
    /// The quarantine covering the test (`quarantined until 2026-12-01: reason`).
    package var quarantine: String?

    package init(
        test: String, score: Double, state: DashboardFlakyState, since: String? = nil, evidence: DashboardFlakyEvidence,
        lastMessage: String? = nil, isNew: Bool = false, onTargetBranch: DashboardTargetBranchFlakes? = nil,
        quarantine: String? = nil
    ) {
        self.quarantine = quarantine
        self.isNew = isNew
        self.onTargetBranch = onTargetBranch
        self.test = test
        self.score = score
        self.state = state
        self.since = since
        self.evidence = evidence
        self.lastMessage = lastMessage
    }
}
