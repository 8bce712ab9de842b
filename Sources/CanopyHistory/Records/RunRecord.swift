import CanopyModel
import Foundation

/// One row of `runs`: its `RunTotals` (`failed` the failed tests, `flaky` the tests passed on retry).
struct RunRecord: Sendable {
    static let columns = [
        "run_key", "commit_sha", "branch", "pull_request", "ci_provider", "build_id", "build_url", "ci_attempt",
        "device", "os_version", "title", "started_at", "finished_at", "sort_time", "ingested_at",
        "tests", "attempts", "passed", "failed", "skipped", "flaky", "elements", "identified_elements",
        "audit_issues", "screens", "duration", "base_branch", "unread_inputs",
    ]
    /// The columns `StoredRun` is read from, in `decode` order.
    static let selectColumns = columns.filter { $0 != "sort_time" && $0 != "ingested_at" }

    var key: String
    var metadata: RunMetadata
    var totals: RunTotals
    var ingestedAt: Date

    var values: [SQLValue] {
        let m = metadata
        let t = totals
        let sortTime = (m.startedAt ?? ingestedAt).timeIntervalSince1970
        return [
            .text(key), SQLValue(m.commit), SQLValue(m.branch), SQLValue(m.pullRequest), SQLValue(m.ciProvider),
            SQLValue(m.buildID), SQLValue(m.buildURL), SQLValue(m.attempt), SQLValue(m.device), SQLValue(m.osVersion),
            SQLValue(m.title), SQLValue(m.startedAt?.timeIntervalSince1970),
            SQLValue(m.finishedAt?.timeIntervalSince1970),
            .double(sortTime), .double(ingestedAt.timeIntervalSince1970),
            .int(t.tests), .int(t.attempts), .int(t.passed), .int(t.failed), .int(t.skipped), .int(t.passedOnRetry),
            .int(t.elements), .int(t.identifiedElements), .int(t.auditIssues), .int(t.screens), .double(t.duration),
            SQLValue(m.baseBranch), SQLValue(m.unreadInputs.map { $0.joined(separator: "\n") }),
        ]
    }

    /// Reads a `StoredRun` from a row selected with `selectColumns`, starting at column `offset`.
    static func decode(_ row: some SQLRowReader, offset: Int = 0) throws -> StoredRun {
        var i = offset
        func text() throws -> String? {
            defer { i += 1 }
            return try row.text(i)
        }
        func int() throws -> Int? {
            defer { i += 1 }
            return try row.int(i)
        }
        func double() throws -> Double? {
            defer { i += 1 }
            return try row.double(i)
        }
        let key = try text() ?? ""
        var metadata = RunMetadata(
            runKey: key, commit: try text(), branch: try text(), pullRequest: try text(), ciProvider: try text(),
            buildID: try text(), buildURL: try text(), attempt: try int(), device: try text(), osVersion: try text(),
            title: try text(), startedAt: HistoryRowDecoding.date(try double()),
            finishedAt: HistoryRowDecoding.date(try double()))
        // Numbers outside `InputRange` read as unknown (`HistoryRowDecoding`).
        var totals = RunTotals()
        totals.tests = HistoryRowDecoding.count(try int())
        totals.attempts = HistoryRowDecoding.count(try int())
        totals.passed = HistoryRowDecoding.count(try int())
        totals.failed = HistoryRowDecoding.count(try int())
        totals.skipped = HistoryRowDecoding.count(try int())
        totals.passedOnRetry = HistoryRowDecoding.count(try int())
        totals.elements = HistoryRowDecoding.count(try int())
        totals.identifiedElements = HistoryRowDecoding.count(try int())
        totals.auditIssues = HistoryRowDecoding.count(try int())
        totals.screens = HistoryRowDecoding.count(try int())
        totals.duration = HistoryRowDecoding.totalDuration(try double())
        // The counts add up to the tests, so the expected failures are the rest (0 for runs
        // stored before they had their own outcome, which counted them as passed).
        totals.expectedFailures = max(
            0, totals.tests - totals.passed - totals.failed - totals.skipped - totals.passedOnRetry)
        metadata.baseBranch = try text()
        metadata.unreadInputs = try text().map {
            $0.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        return StoredRun(key: key, metadata: metadata, totals: totals)
    }
}
