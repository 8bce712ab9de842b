/// The page's and the summary's words for values the dashboard builder computes: a history
/// strip's state, why a still-failing test is not new, the trend window's name.
package enum DashboardWords {
    /// A history strip's label for a test's state (`DashboardTestHistory.since`).
    package enum StripState: Sendable, Equatable {
        /// Failing, and this run is where it began.
        case failingInThisRun
        /// Failing since a commit (its first 12 characters shown).
        case failingSince(String)
        /// Fixed at a commit.
        case fixedAt(String)
        /// Flaky since its first failure in the window; `nil` when the window shows none.
        case flakySince(String?)

        package var text: String {
            switch self {
            case .failingInThisRun: return "failing in this run"
            case .failingSince(let commit): return "failing since \(commit.prefix(12))"
            case .fixedAt(let commit): return "fixed at \(commit.prefix(12))"
            case .flakySince(let commit?): return "flaky since \(commit.prefix(12))"
            case .flakySince(nil): return "flaky"
            }
        }
    }

    /// Why a test failing in the baseline too is not a new failure: `failing on main since
    /// 1a2b3c4d5e6f` (a pull request's run names its target branch), or without a commit `failed
    /// on main too`, `failed in the baseline too`.
    package static func stillFailing(since commit: String?, targetBranch: String?) -> String {
        let branch = targetBranch.map { " on \($0)" } ?? ""
        if let commit { return "failing\(branch) since \(String(commit.prefix(12)))" }
        return targetBranch.map { "failed on \($0) too" } ?? "failed in the baseline too"
    }

    /// How a trend page names its window, in the words a run's page names its own
    /// (`DashboardHistoryWindow.name`): `last 14 runs of main`, `last 30 days of every branch`.
    package static func trendWindow(days: Int?, runs: Int, branch: String?) -> String {
        (days.map { "last \(Format.plural($0, "day"))" } ?? "last \(Format.plural(runs, "run"))")
            + " of " + (branch ?? "every branch")
    }

    /// A trend window of one owner's tests: `last 14 runs of main, tests owned by @team`;
    /// `window` alone without an owner.
    package static func trendWindow(_ window: String, owner: String?) -> String {
        owner.map { window + ", tests owned by " + $0 } ?? window
    }

    /// What an owner's trend page says of its two sets of series.
    package static func ownerSeries(_ owner: String) -> String {
        "The series count the tests owned by \(owner) alone; identifier coverage and audit issues are of "
            + "the app's elements, so they are the whole run's. The whole suite's series follow for comparison."
    }

    /// The heading of an owner's series.
    package static func ownedSeries(_ owner: String) -> String { "Tests owned by " + owner }

    /// The heading of the whole suite's series beside an owner's.
    package static let wholeSuiteSeries = "The whole suite"

    /// Why a failure counts as new though history calls the test flaky: `flaky before, but this
    /// failure is new: <its message>` (`message` nil or empty: it has none to match).
    package static func flakyNewFailure(message: String?) -> String {
        guard let message, !message.isEmpty else {
            return "flaky before, but this failure is new: it has no message to match its past failures"
        }
        return "flaky before, but this failure is new: " + message
    }

    /// The page's title when the run names none.
    package static let defaultTitle = "Canopy — UI test report"
}
