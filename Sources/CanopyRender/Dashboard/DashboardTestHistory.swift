import CanopyModel
import Foundation

/// A test's latest results on the run's branch, or on a pull request its target branch's and then
/// this run's, oldest first (at most `limit`), and since when it fails or is flaky: the history
/// strip of the overview's failing and flaky tests and the Tests view.
package struct DashboardTestHistory: Sendable, Equatable, Hashable, Codable {
    /// How many results a strip shows (`TestRunRow.stripLimit`).
    package static let limit = TestRunRow.stripLimit

    /// One run's result of the test.
    package struct Result: Sendable, Equatable, Hashable, Codable {
        /// `passed`, `failed`, `flaky` (failed, then passed on a retry) or `skipped`.
        package var outcome: TestOutcome
        /// The run's commit, short; nil when not known.
        package var commit: String?
        package var date: Date

        package init(outcome: TestOutcome, commit: String?, date: Date) {
            self.outcome = outcome
            self.commit = commit
            self.date = date
        }
    }

    package var results: [Result]
    /// The test's state over the window with the commit it dates from (`failing since 1a2b3c4`,
    /// `flaky since 1a2b3c4`, `fixed at 1a2b3c4`); nil for a stable test.
    package var since: String?
    /// The branch whose runs the results are of; nil when not known.
    package var branch: String?
    /// Whether the last result is this run's, besides `branch`'s runs (a pull request's strip).
    package var plusThisRun = false

    package init(results: [Result], since: String? = nil) {
        self.results = results
        self.since = since
    }

    /// Where the results come from: `main + this run`, `main`, or `this branch` when not known.
    package var source: String {
        branch == nil && !plusThisRun
            ? "this branch" : DashboardHistoryWindow.source(branch: branch, plusThisRun: plusThisRun)
    }

    /// The strip of `results` (oldest first, the latest `limit` kept) labelled with the test's
    /// state as the run's verdict gives it (`failing since 1a2b3c4`, `flaky since …`, `fixed at
    /// …`): the strip draws results, it never judges them.
    package init(latest results: [Result], since: String?) {
        self.init(results: Array(results.suffix(Self.limit)), since: since)
    }
}
