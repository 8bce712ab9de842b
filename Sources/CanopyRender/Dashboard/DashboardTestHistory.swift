import CanopyModel
import Foundation

/// A test's latest results on the run's branch, oldest first (at most `limit`), and since when it
/// fails or is flaky: the history strip of the overview's failing and flaky tests and the Tests view.
package struct DashboardTestHistory: Sendable, Equatable, Hashable, Codable {
    /// How many results a strip shows.
    package static let limit = 20

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
    /// `failing since 1a2b3c4` or `flaky since 1a2b3c4`: the first run of the current streak of
    /// failed (or failed-and-flaky) results; nil when the latest result passed.
    package var since: String?

    package init(results: [Result], since: String? = nil) {
        self.results = results
        self.since = since
    }

    /// The strip of `results` (oldest first, the latest `limit` kept) with its `since`. When the
    /// latest result that ran failed: failing since the first of the failures it ends, if there
    /// are two or more of them or nothing failed before them; otherwise (one failure after a mixed
    /// past, or a latest pass after failures) flaky since the strip's first failed or flaky result.
    /// Skipped results neither start nor end a streak.
    package init(latest results: [Result]) {
        let kept = Array(results.suffix(Self.limit))
        let ran = kept.filter { $0.outcome != .skipped }
        let streak = Array(ran.reversed().prefix { $0.outcome == .failed })
        let earlier = ran.dropLast(streak.count)
        let troubled = earlier.contains { $0.outcome == .failed || $0.outcome == .flaky }
        var since: Result?
        var word = "flaky"
        if let first = streak.last, streak.count >= 2 || !troubled {
            word = "failing"
            since = first
        } else {
            since = ran.first { $0.outcome == .failed || $0.outcome == .flaky }
        }
        self.init(
            results: kept,
            since: since.map { "\(word) since \($0.commit.map { String($0.prefix(12)) } ?? Format.day($0.date))" })
    }
}
