/// How long history keeps runs (`history.retention:` in canopy.yml, docs/history-and-flakiness.md#retention).
/// Absent, nothing is pruned after `run` or `ingest`; `canopy prune` then applies the defaults.
package struct RetentionConfiguration: Sendable, Equatable {
    /// Days the target branch's runs are kept (`days`): a year of nightly trend and seasonal flakiness.
    package var days = 365
    /// Days every other branch's runs are kept (`pullRequestDays`): a pull request rarely lives
    /// longer, and its runs matter only while it is open.
    package var pullRequestDays = 30
    /// The branch pull requests target (`targetBranch`); branches that stored runs name as their
    /// target (`--base-branch`, the CI's) are target branches too.
    package var targetBranch = "main"

    package init() {}
}

extension ConfigurationLoader {
    /// Reads `history:` (today only `retention:`) into `configuration`.
    static func readHistory(_ root: inout ConfigSection, into configuration: inout CanopyConfiguration) throws {
        guard var history = try root.section("history") else { return }
        if var section = try history.section("retention") {
            var retention = RetentionConfiguration()
            if let days = try section.int("days", range: 1...36_500) { retention.days = days }
            if let days = try section.int("pullRequestDays", range: 1...36_500) { retention.pullRequestDays = days }
            if let branch = try section.string("targetBranch") {
                guard !branch.allSatisfy(\.isWhitespace) else {
                    throw section.error(
                        at: "targetBranch", "the branch is empty; name the branch pull requests target, such as main")
                }
                retention.targetBranch = branch
            }
            try section.finish()
            if retention.pullRequestDays > retention.days {
                throw section.error(
                    at: "pullRequestDays",
                    "\(retention.pullRequestDays) days is longer than the target branch's \(retention.days) (days); other branches are kept no longer than the target branch"
                )
            }
            configuration.retention = retention
        }
        try history.finish()
    }
}
