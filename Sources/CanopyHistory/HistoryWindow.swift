import CanopyModel
import Foundation

/// Which runs a query covers: optionally one branch, a time window and a run count.
package struct HistoryWindow: Sendable, Equatable, Hashable, Codable {
    /// Only runs on this branch; nil for every branch.
    package var branch: String?
    /// Only runs that started within this many days before `until` (`--days`).
    package var days: Int?
    /// Only the latest this many runs (`--runs`).
    package var runs: Int?
    /// The end of the window; nil for now.
    package var until: Date?

    package init(branch: String? = nil, days: Int? = nil, runs: Int? = nil, until: Date? = nil) {
        self.branch = branch
        self.days = days
        self.runs = runs
        self.until = until
    }

    /// Every stored run.
    package static let all = HistoryWindow()

    /// The runs the trend covers when given neither days nor runs; retention keeps at least as
    /// many of a target branch.
    package static let trendDefaultRuns = 30
}
