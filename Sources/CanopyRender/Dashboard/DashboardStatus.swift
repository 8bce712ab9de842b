import Foundation

/// The overall verdict of a run.
package enum DashboardStatus: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Every test passed (flaky tests passed on retry) and every gate passed.
    case passed
    /// At least one test failed, but every gate passed (the failures are known, quarantined or allowed).
    case failed
    /// At least one gate failed: the job fails, whatever the tests did.
    case gateFailed
    /// At least one test failed, and no gates were judged (a stored run's report from history).
    case testsFailed
    /// Inputs could not be read and nothing was judged: never a pass, whatever was read.
    case notJudged

    /// The headline's words, the same on the page and in the summary.
    package var title: String {
        switch self {
        case .passed: "Passed"
        case .failed: "Tests failed, gates passed"
        case .gateFailed: "Gate failed"
        case .testsFailed: "Tests failed"
        case .notJudged: "No verdict: inputs could not be read"
        }
    }
}
