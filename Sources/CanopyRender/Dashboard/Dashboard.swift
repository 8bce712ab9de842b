import CanopyModel
import Foundation

/// Everything the dashboards show, as plain values: the input of every renderer in this module.
///
/// The pipeline maps the analysis `Report` and the history (flakiness, baseline, trend) onto this
/// view model, so the renderers depend on nothing but these structs. Lists arrive in the order
/// they should be shown (most important first); renderers never re-rank them.
package struct Dashboard: Sendable, Equatable, Codable {
    /// The page title, e.g. `"Canopy — MyApp UI tests"`.
    package var title: String
    /// When the dashboard was rendered (shown in the footer).
    package var generatedAt: Date
    /// Status and key figures with their change against the baseline.
    package var headline: DashboardHeadline
    /// Build, commit, branch and the full dashboard's location.
    package var links: DashboardLinks
    /// Gate results, in configuration order.
    package var gates: [DashboardGate]
    /// Failures that the baseline did not have, most important first.
    package var newFailures: [DashboardNewFailure]
    /// Failing tests the new-failures gate left out (known flaky, quarantined), with why.
    package var excusedFailures: [DashboardExcusedFailure]
    /// Failing tests that failed in the baseline too (so not new), with since when.
    package var stillFailing: [DashboardExcusedFailure] = []
    /// The inputs that could not be read, each `path:line:column: error: why`: shown first, and
    /// the rest of the page is then what the readable inputs show, not stored and not judged.
    package var unreadableInputs: [String] = []
    /// False when the run's history could not be read (inputs unreadable and the store too): nothing
    /// was compared, and the notes say history was not read, not that it holds no baseline.
    package var historyRead = true
    /// What the rest of the page is when inputs could not be read: not stored (the default), or
    /// stored as partial (`partialStored`).
    package var partialStatus = "partial: not stored, not compared with history for gates"
    /// `partialStatus` of a run stored with `--allow-partial`.
    package static let partialStored = "partial: stored and judged without them, marked partial in history"
    /// The baseline's tests this run does not have, by suite, with the crash records; nil when none.
    package var missingTests: DashboardMissingTests?
    /// Tests much slower than in the baseline (past the `slowerTests:` thresholds), largest
    /// slowdown first.
    package var slowerTests: [SlowerTest] = []
    /// The run's XCTMetric changes across history, regressions first (`MetricChange`).
    package var metricChanges: [MetricChange] = []
    /// Each XCTMetric of the run over the window it was judged on (the Performance view); empty
    /// when the run measured none.
    package var metricSeries: [DashboardMetricSeries] = []
    /// The identifier tree, flattened in pre-order (each node's descendants follow it).
    package var identifierTree: [DashboardTreeNode]
    /// Failure clusters (same fingerprint), largest first.
    package var clusters: [DashboardCluster]
    /// Failures grouped by cause category, largest first.
    package var categories: [DashboardCategoryGroup]
    /// Failures grouped by the identifier they hit, largest first.
    package var failuresByIdentifier: [DashboardIdentifierGroup]
    /// The tests flaky by the documented rule, ranked by score (highest first).
    package var flakyTests: [DashboardFlakyTest]
    /// The tests whose state over the window is newly broken, failing not yet confirmed, or fixed,
    /// ranked by score: never a flaky or stable test. Not the state changes (`DashboardTrend.changes`).
    package var newlyBrokenOrFixed: [DashboardFlakyTest] = []
    /// The quarantine entries active for the run, in configuration order.
    package var quarantine: [DashboardQuarantine] = []
    /// The badge (`quarantined until 2026-12-01: reason`) of each quarantined test the page names,
    /// by test key: every list that names the test shows it.
    package var quarantinedTests: [String: String] = [:]
    /// Elements on which several tests fail flakily, most tests first.
    package var flakyElements: [FlakyElement]
    /// Audit issues and elements missing identifiers.
    package var accessibility: DashboardAccessibility
    /// Every test of the run (can be 100,000 rows).
    package var tests: [DashboardTestRow]
    /// The trend over a window of runs, when history is available.
    package var trend: DashboardTrend?
    /// The latest results on the branch of the tests that failed or were flaky, in this run or in
    /// the history window, by test key: their history strips.
    package var testHistory: [String: DashboardTestHistory] = [:]
    /// The runs the page's history counts (flakiness, state changes, the trend), which every count
    /// of runs names; nil without history.
    package var historyWindow: DashboardHistoryWindow?
    /// The destination × test matrix, for a run on at least two destinations.
    package var destinations: DashboardDestinations?
    /// Declarations and owners from the app's sources; nil when none were read (`--source`).
    package var code: DashboardCode?

    package init(
        title: String, generatedAt: Date, headline: DashboardHeadline, links: DashboardLinks = DashboardLinks(),
        gates: [DashboardGate] = [], newFailures: [DashboardNewFailure] = [],
        excusedFailures: [DashboardExcusedFailure] = [],
        identifierTree: [DashboardTreeNode] = [],
        clusters: [DashboardCluster] = [], categories: [DashboardCategoryGroup] = [],
        failuresByIdentifier: [DashboardIdentifierGroup] = [], flakyTests: [DashboardFlakyTest] = [],
        flakyElements: [FlakyElement] = [], accessibility: DashboardAccessibility = DashboardAccessibility(),
        tests: [DashboardTestRow] = [],
        trend: DashboardTrend? = nil
    ) {
        self.title = title
        self.generatedAt = generatedAt
        self.headline = headline
        self.links = links
        self.gates = gates
        self.newFailures = newFailures
        self.excusedFailures = excusedFailures
        self.identifierTree = identifierTree
        self.clusters = clusters
        self.categories = categories
        self.failuresByIdentifier = failuresByIdentifier
        self.flakyTests = flakyTests
        self.flakyElements = flakyElements
        self.accessibility = accessibility
        self.tests = tests
        self.trend = trend
    }
}
