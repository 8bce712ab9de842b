import CanopyModel

/// The words of a trend's Fix first list, one phrasing for the page, the summary and Slack.
package enum FixFirstWords {
    static let heading = "Fix first"

    static let lede =
        "The flaky tests of the latest run ranked by what they cost over the window: runs they failed outright first (each blocked a merge or a nightly, or was excused by quarantine), then CI time on their failed attempts (each run's test time × failed attempts ÷ attempts). Quarantined tests come after the others: their failures no longer block, but they still cost."

    /// `failed 3 runs outright · passed on retry in 2 runs · 4m 12s of CI · 2 pull requests · 1 CI
    /// rerun`: the cost of one test, its parts that are zero left out (the CI time always said).
    /// One phrasing for the page, the summary, Slack and the drafted issues.
    package static func cost(_ cost: FlakyCost) -> String {
        var parts: [String] = []
        if cost.failedRuns > 0 { parts.append("failed \(Format.plural(cost.failedRuns, "run")) outright") }
        if cost.retriedRuns > 0 { parts.append("passed on retry in \(Format.plural(cost.retriedRuns, "run"))") }
        parts.append("\(Format.duration(cost.seconds)) of CI")
        if cost.pullRequests > 0 { parts.append(Format.plural(cost.pullRequests, "pull request")) }
        if cost.reruns > 0 { parts.append(Format.plural(cost.reruns, "CI rerun")) }
        return parts.joined(separator: " · ")
    }

    /// `failed 1 run outright · 1m 25s of CI`: what a flaky element cost, worded as `cost` words
    /// a test's (an element has no runs passed on retry of its own, nor pull requests).
    package static func cost(_ element: FlakyElement) -> String {
        cost(
            FlakyCost(
                test: element.identifier, seconds: element.seconds, runsWithFailures: element.runsWithFailures,
                failedRuns: element.failedRuns))
    }

    /// `@checkout-ios` or `no owner`.
    static func owners(_ owners: [String]) -> String {
        owners.isEmpty ? "no owner" : owners.joined(separator: " ")
    }

    /// `@checkout-ios: 2 tests, failed 3 runs outright, 4m 12s of CI`.
    /// A part that is zero is left out, as in `cost`.
    static func ownerTotal(_ total: DashboardOwnerCost) -> String {
        var parts = [Format.plural(total.tests, "test")]
        if total.failedRuns > 0 { parts.append("failed \(Format.plural(total.failedRuns, "run")) outright") }
        parts.append("\(Format.duration(total.seconds)) of CI")
        return "\(total.owner): " + parts.joined(separator: ", ")
    }

    static let quarantined = "quarantined"
}
