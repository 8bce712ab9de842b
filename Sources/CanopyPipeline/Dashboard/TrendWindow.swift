import CanopyAnalysis
import CanopyHistory
import CanopyRender

/// The window of runs a trend page covers (`canopy trend`), as `DashboardInput.window` hands it to
/// `DashboardBuilder`: the page charts the window's runs (`HistoryInsights.trend`), names the
/// window and its branch; its latest run is shown as `canopy report` shows it.
struct TrendWindow: Sendable, Equatable {
    /// The window without its owner: `last 30 days of main`, `last 14 runs of every branch`.
    private let span: String
    /// The branch the window covers; nil for every branch.
    var branch: String?
    /// Each test's states over the window, from which the page dates the window's state changes.
    /// The latest run's flaky tests and states are its own judgement (`DashboardInput.insights`).
    var flakiness: [TestFlakiness] = []
    /// The CODEOWNERS owner whose tests the page's series and lists hold (`--owner`), which the
    /// name says; nil for the whole suite.
    var owner: String?

    /// How the page names the window: `last 14 runs of main, tests owned by @team`.
    var name: String { DashboardWords.trendWindow(span, owner: owner) }

    /// `window` holding `runs` runs, its tests' states `flakiness`. A window of every branch says
    /// so: pull-request runs stored beside the nightlies are in it.
    init(_ window: HistoryWindow, runs: Int, flakiness: [TestFlakiness] = []) {
        self.flakiness = flakiness
        span = DashboardWords.trendWindow(days: window.days, runs: runs, branch: window.branch)
        branch = window.branch
    }
}
