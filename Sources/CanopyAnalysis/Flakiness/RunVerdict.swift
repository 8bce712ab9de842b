/// How one test fared within one run.
package enum RunVerdict: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// No attempt failed.
    case passed
    /// Passed on retry: an attempt failed and a later one passed (an outcome of one run, not flaky).
    case passedOnRetry
    /// Every failed attempt failed in an infrastructure category (simulator, runner, network).
    case infrastructureFlake
    /// Every attempt failed, at least one for a reason that is not infrastructure.
    case failedEveryAttempt
    /// Only skips: no evidence either way.
    case skipped
}
