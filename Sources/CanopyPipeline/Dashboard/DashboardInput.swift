import CanopyAnalysis
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// Everything a dashboard shows, as `canopy run` (a run just analysed, `init(prepared:…)`),
/// `canopy report` (a stored run, from what history holds) and `canopy trend` (the latest run of
/// a window, with the window) hand it to `DashboardBuilder`. The three differ only in the data: a
/// stored run has normalised messages and no source locations, attempt details or screenshots,
/// and no gates were judged for it; a trend hands its latest run as `report` does, with a
/// `window` (its runs charted in `insights.trend`, its states for the state changes) and none of
/// the run's own sections (`parts` empty).
struct DashboardInput {
    var title: String
    var metadata: RunMetadata
    var totals: RunTotals
    /// Overall identifier coverage; nil when the run had no snapshots.
    var coverage: Double?
    var audits: [AuditIssue]
    /// Every failure of every attempt, in test and attempt order.
    var failures: [FailureRecord]
    /// One row per test, in the run's order: outcomes and attempts.
    var testRows: [TestRunRow]
    /// The sections drawn from the run alone, history playing no part.
    var parts: DashboardBuilder.RunParts
    /// Screenshots written beside the page, by test key.
    var screenshots: [String: Int] = [:]
    /// What history says of the run; nil when it was not read. On a trend page, its latest run's,
    /// with the window's runs as `trend`.
    var insights: HistoryInsights?
    /// The window a trend page covers; nil on a run's page, whose changes count from its baseline
    /// run, whose chart is the window the run was judged over, and which says when the run is
    /// partial (a trend page does not: it is of the window's runs).
    var window: TrendWindow?
    /// The gates judged; nil when none were (`canopy report`, unreadable inputs).
    var gates: [GateResult]?
    /// Each test's verdict: the new failures, still failing, excused and flaky tests the page
    /// lists (`RunVerdicts`); empty when the run was not judged (a trend page without a run).
    var verdicts = RunVerdicts(tests: [])
    /// Where the page is written, for its links.
    var dashboardPath: String?
    /// Links to the commit and source lines, on a CI that names the repository.
    var sourceLinks: SourceLinks?
    /// The app's sources (`--source`): declarations and owners; nil when none were read.
    var source: SourceCatalog?
    /// `--source` as given, for the page to name.
    var sourceDirectory: String?
    /// The CODEOWNERS owner whose tests the page holds (`--owner`); nil for the whole suite.
    var owner: String?
    /// The whole suite's series beside the owner's (`insights.trend` then holds the owner's);
    /// empty without an owner.
    var wholeSuiteTrend: [TrendPoint] = []
    /// Declared identifiers no test exercised in the window, by screen (`UntestedIdentifiers`).
    var untested: [DashboardUntestedScreen] = []
    /// The files the run's change touches, relative to `sourceDirectory`; nil when unknown.
    var changedFiles: [String]?
    var now: Date
}

extension DashboardInput {
    /// A run just read and analysed, judged by `gates` against `insights`.
    init(
        prepared: PreparedRun, parts: DashboardBuilder.RunParts? = nil, insights: HistoryInsights?,
        gates: [GateResult]?,
        dashboardPath: String?, now: Date
    ) {
        let run = prepared.run
        self.init(
            title: run.metadata.title ?? DashboardWords.defaultTitle, metadata: run.metadata, totals: run.totals,
            coverage: prepared.report.coverage.overall.ratio, audits: run.auditIssues,
            failures: prepared.report.failures,
            testRows: prepared.testRows, parts: parts ?? DashboardBuilder.runParts(of: prepared),
            screenshots: Self.screenshots(of: run),
            insights: insights, gates: gates, dashboardPath: dashboardPath, now: now)
    }

    /// Screenshots written beside the page, by test key: few tests have any.
    static func screenshots(of run: Run) -> [String: Int] {
        var screenshots: [String: Int] = [:]
        for test in run.tests where test.attempts.contains(where: { $0.attachments != nil }) {
            let count = test.attempts.reduce(0) {
                $0 + ($1.attachments ?? []).filter { $0.isImage && $0.file != nil }.count
            }
            if count > 0 { screenshots[test.identity.key] = count }
        }
        return screenshots
    }
}
