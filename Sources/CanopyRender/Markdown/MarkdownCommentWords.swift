/// The comment's verdict line in a reviewer's words (`MarkdownComment.head`).
enum MarkdownCommentWords {
    /// The branch a pull or merge request's run is judged against (its history window's, when that
    /// is not the run's own branch); nil for any other run.
    static func targetBranch(_ dashboard: Dashboard) -> String? {
        guard let window = dashboard.historyWindow, window.plusThisRun, let target = window.branch,
            target != dashboard.links.branch
        else { return nil }
        return target
    }

    /// `in this pull request` on a request's run, else `in this run`.
    static func subject(_ dashboard: Dashboard) -> String {
        targetBranch(dashboard) == nil ? "in this run" : "in this pull request"
    }

    /// The failing tests not counted as new, by why: `1 failing as on main` on a request's run, else
    /// `1 still failing` (failed in the baseline too), `1 known flaky`, `1 quarantined`; none of a
    /// count of 0.
    static func asBefore(_ dashboard: Dashboard) -> [String] {
        let quarantined = dashboard.excusedFailures.filter(\.quarantined).count
        let knownFlaky = dashboard.excusedFailures.count - quarantined
        var parts: [String] = []
        if !dashboard.stillFailing.isEmpty {
            let count = Format.count(dashboard.stillFailing.count)
            parts.append(
                targetBranch(dashboard).map { "\(count) failing as on " + MarkdownText.code($0, limit: 60) }
                    ?? "\(count) still failing")
        }
        if knownFlaky > 0 { parts.append("\(Format.count(knownFlaky)) known flaky") }
        if quarantined > 0 { parts.append("\(Format.count(quarantined)) quarantined") }
        return parts
    }
}
