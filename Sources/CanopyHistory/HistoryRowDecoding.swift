import CanopyModel
import Foundation

/// Decoding of the shared query shapes, identical for both drivers.
enum HistoryRowDecoding {
    /// A row selected with `HistoryQueries.testRunColumns`.
    static func testRun(_ row: some SQLRowReader, location: String) throws -> TestRunRow {
        let outcomeText = try row.text(6) ?? ""
        guard let outcome = TestOutcome(rawValue: outcomeText) else {
            throw HistoryError.corruptValue(location: location, column: "tests.outcome", value: outcomeText)
        }
        return TestRunRow(
            runKey: try row.text(0) ?? "", commit: try row.text(1),
            startedAt: try row.double(2).map(Date.init(timeIntervalSince1970:)), testKey: try row.text(3) ?? "",
            device: try row.text(4), osVersion: try row.text(5), outcome: outcome, attempts: try row.int(7) ?? 0,
            failedAttempts: try row.int(8) ?? 0, infrastructureFailedAttempts: try row.int(9) ?? 0,
            duration: try row.double(10))
    }

    /// A row selected by `HistoryQueries.failures`.
    static func failure(_ row: some SQLRowReader) throws -> FailureRow {
        FailureRow(
            runKey: try row.text(0) ?? "", commit: try row.text(1), testKey: try row.text(2) ?? "",
            attemptIndex: try row.int(3) ?? 0, category: try row.text(4) ?? "", isInfrastructure: (try row.int(5) ?? 0) != 0,
            fingerprint: try row.text(6) ?? "", identifier: try row.text(7), normalizedMessage: try row.text(8))
    }

    /// A row selected by `HistoryQueries.failures(runKey:)`.
    static func failureDigest(_ row: some SQLRowReader) throws -> FailureDigest {
        FailureDigest(
            testKey: try row.text(0) ?? "", attemptIndex: try row.int(1) ?? 0, category: try row.text(2) ?? "",
            isInfrastructure: (try row.int(3) ?? 0) != 0, fingerprint: try row.text(4) ?? "",
            normalizedMessage: try row.text(5) ?? "", identifier: try row.text(6))
    }

    /// A row selected by `HistoryQueries.trend`, without categories.
    static func trendPoint(_ row: some SQLRowReader) throws -> TrendPoint {
        TrendPoint(
            runKey: try row.text(0) ?? "", commit: try row.text(1), branch: try row.text(2),
            startedAt: try row.double(3).map(Date.init(timeIntervalSince1970:)), tests: try row.int(4) ?? 0,
            passed: try row.int(5) ?? 0, failed: try row.int(6) ?? 0, flaky: try row.int(7) ?? 0,
            skipped: try row.int(8) ?? 0, passRate: try row.double(9), duration: try row.double(10) ?? 0,
            auditIssues: try row.int(11) ?? 0, auditErrors: try row.int(13) ?? 0, coverage: try row.double(12), failuresByCategory: [:])
    }

    /// Joins per-category counts (run key, category, count rows) onto trend points.
    static func attach(_ counts: [(String, String, Int)], to points: [TrendPoint]) -> [TrendPoint] {
        var byRun: [String: [String: Int]] = [:]
        for (run, category, count) in counts { byRun[run, default: [:]][category, default: 0] += count }
        return points.map { point in
            var point = point
            point.failuresByCategory = byRun[point.runKey] ?? [:]
            return point
        }
    }
}
