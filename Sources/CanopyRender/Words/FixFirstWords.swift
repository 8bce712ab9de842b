/// The words of a trend's Fix first list, one phrasing for the page, the summary and Slack.
enum FixFirstWords {
    static let heading = "Fix first"

    static let lede =
        "The flaky tests of the latest run ranked by what they cost over the window: runs they failed outright first (each blocked a merge or a nightly, or was excused by quarantine), then CI time on their failed attempts (each run's test time × failed attempts ÷ attempts). Quarantined tests come after the others: their failures no longer block, but they still cost."

    /// `failed 3 runs · 4m 12s of CI · 2 pull requests`: the cost of one test.
    static func cost(_ row: DashboardFixFirst) -> String {
        var parts = [
            "failed \(Format.plural(row.failedRuns, "run")) outright",
            "passed on retry in \(Format.count(row.retriedRuns))",
            "\(Format.duration(row.seconds)) of CI",
        ]
        if row.pullRequests > 0 { parts.append(Format.plural(row.pullRequests, "pull request")) }
        return parts.joined(separator: " · ")
    }

    /// `@checkout-ios` or `no owner`.
    static func owners(_ owners: [String]) -> String {
        owners.isEmpty ? "no owner" : owners.joined(separator: " ")
    }

    /// `@checkout-ios: 2 tests, failed 3 runs outright, 4m 12s of CI`.
    static func ownerTotal(_ total: DashboardOwnerCost) -> String {
        "\(total.owner): \(Format.plural(total.tests, "test")), failed \(Format.plural(total.failedRuns, "run")) outright, \(Format.duration(total.seconds)) of CI"
    }

    static let quarantined = "quarantined"
}
