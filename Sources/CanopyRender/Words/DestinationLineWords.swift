/// A test's line across the run's destinations (`fails on A, B; passes on 2 others`), worded from
/// its groups of destinations (`DestinationRollup` groups them): the summary, the comment, the page
/// and `insights.json` show this one line.
package enum DestinationLineWords {
    /// One outcome and the destinations the test had it on.
    package struct Group: Sendable, Equatable {
        package enum Outcome: Sendable, Equatable {
            /// Failed; `since` when every failing destination has been failing since one commit.
            case fails(since: String?)
            case passedOnRetry, flaky, skipped, didNotRun, passes
        }

        package var outcome: Outcome
        package var names: [String]

        package init(_ outcome: Outcome, _ names: [String]) {
            self.outcome = outcome
            self.names = names
        }

        var phrase: String {
            switch outcome {
            case .fails(let since): since.map { "broken since \($0.prefix(12)) on " } ?? "fails on "
            case .passedOnRetry: "passed on retry on "
            case .flaky: "flaky on "
            case .skipped: "skipped on "
            case .didNotRun: "did not run on "
            case .passes: "passes on "
            }
        }
    }

    /// `groups` in telling order (failing, passed on retry, flaky, skipped, did not run, passed): the
    /// first named (at most `namedLimit`), the others counted; one group on all `destinations` as
    /// `… on all N destinations`; one group on every destination its suite ran on (`suiteRanOn`),
    /// which is not all, said so.
    package static func line(_ groups: [Group], destinations: Int, suiteRanOn: Int?, namedLimit: Int) -> String {
        if groups.count == 1, groups[0].names.count == destinations {
            let all = destinations == 2 ? "both destinations" : "all \(destinations) destinations"
            return groups[0].phrase + all
        }
        // One outcome wherever its suite ran, which is not everywhere: say so, not "only".
        if groups.count == 1, let suiteRanOn, groups[0].names.count == suiteRanOn, groups[0].names.count <= namedLimit {
            return groups[0].phrase + groups[0].names.joined(separator: ", ")
                + (groups[0].names.count == 1
                    ? ", the only destination its suite ran on" : ", every destination its suite ran on")
        }
        var parts: [String] = []
        for (index, group) in groups.enumerated() {
            if index == 0 {
                let shown = group.names.prefix(namedLimit).joined(separator: ", ")
                let more = group.names.count - min(group.names.count, namedLimit)
                parts.append(
                    group.phrase + shown + (more > 0 ? " and \(more) more" : group.names.count == 1 ? " only" : ""))
            } else {
                parts.append(group.phrase + "\(group.names.count) other" + (group.names.count == 1 ? "" : "s"))
            }
        }
        return parts.joined(separator: "; ")
    }
}
