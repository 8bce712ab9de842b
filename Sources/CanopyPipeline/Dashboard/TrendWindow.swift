import CanopyHistory
import CanopyRender

/// The window of runs a trend page covers (`canopy trend`), as `DashboardInput.window` hands it to
/// `DashboardBuilder`: the page charts the window's runs (`HistoryInsights.trend`), names the
/// window and its branch, and counts its latest run's changes from the window's first run.
struct TrendWindow: Sendable, Equatable {
    /// How the page names the window: `last 30 days`, `last 14 runs, all branches`.
    var name: String
    /// The branch the window covers; nil for every branch.
    var branch: String?

    /// `window` holding `runs` runs. A window of every branch says so: pull-request runs stored
    /// beside the nightlies are in it.
    init(_ window: HistoryWindow, runs: Int) {
        name = DashboardWords.trendWindow(days: window.days, runs: runs, allBranches: window.branch == nil)
        branch = window.branch
    }
}
