import CanopyModel
import Foundation

/// Decoding of the shared query shapes, identical for both drivers.
///
/// A stored number is held to `InputRange` as an input is: a duration, count or time outside its
/// range (stored before the parsers checked it, and not yet repaired by migration 6) reads as
/// unknown — nil, or 0 for a total — so no reader converts it further.
enum HistoryRowDecoding {
    /// A stored time (epoch seconds) within `InputRange`'s window; nil otherwise.
    static func date(_ seconds: Double?) -> Date? {
        seconds.flatMap { InputRange.date(seconds: $0, since: Date(timeIntervalSince1970: 0)) }
    }

    /// A stored duration within `InputRange.duration`; nil otherwise.
    static func duration(_ seconds: Double?) -> Double? {
        seconds.flatMap(InputRange.duration)
    }

    /// A run's stored total duration: the sum of its tests' durations, each at most
    /// `InputRange.maximumDuration`, so up to that many times `InputRange.maximumCount`; 0
    /// (unknown) when it is negative, not finite or larger.
    static func totalDuration(_ seconds: Double?) -> Double {
        guard let seconds, seconds.isFinite, seconds >= 0,
            seconds <= InputRange.maximumDuration * Double(InputRange.maximumCount)
        else {
            return 0
        }
        return seconds
    }

    /// A ratio computed by a query (pass rate, coverage) when it is finite and from 0 to 1.
    static func ratio(_ value: Double) -> Double? {
        value.isFinite && (0...1).contains(value) ? value : nil
    }

    /// A stored count within `InputRange.count`; 0 otherwise.
    static func count(_ value: Int?) -> Int {
        value.flatMap(InputRange.count) ?? 0
    }

    /// A row selected with `HistoryQueries.testRunColumns`.
    static func testRun(_ row: some SQLRowReader, location: String) throws -> TestRunRow {
        let code = try row.int(6)
        guard let outcome = code.flatMap(StoredOutcome.outcome) else {
            throw HistoryError.corruptValue(
                location: location, column: "tests.outcome", value: code.map(String.init) ?? "NULL")
        }
        return TestRunRow(
            runKey: try row.text(0) ?? "", commit: try row.text(1),
            startedAt: date(try row.double(2)), testKey: try row.text(3) ?? "",
            device: try row.text(4), osVersion: try row.text(5), outcome: outcome, attempts: count(try row.int(7)),
            failedAttempts: count(try row.int(8)), infrastructureFailedAttempts: count(try row.int(9)),
            duration: StoredDuration.seconds(try row.int(10)),
            configuration: try row.text(11).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// A row selected by `HistoryQueries.failures`.
    static func failure(_ row: some SQLRowReader) throws -> FailureRow {
        FailureRow(
            runKey: try row.text(0) ?? "", commit: try row.text(1), testKey: try row.text(2) ?? "",
            attemptIndex: try row.int(3) ?? 0, category: try row.text(4) ?? "",
            isInfrastructure: (try row.int(5) ?? 0) != 0,
            fingerprint: try row.text(6) ?? "", identifier: try row.text(7), normalizedMessage: try row.text(8),
            message: try row.text(9))
    }

    /// A row selected by `HistoryQueries.failures(runKey:)`.
    static func failureDigest(_ row: some SQLRowReader) throws -> FailureDigest {
        FailureDigest(
            testKey: try row.text(0) ?? "", attemptIndex: try row.int(1) ?? 0, category: try row.text(2) ?? "",
            isInfrastructure: (try row.int(3) ?? 0) != 0, fingerprint: try row.text(4) ?? "",
            normalizedMessage: try row.text(5) ?? "", identifier: try row.text(6), message: try row.text(7))
    }

    /// A row selected by `HistoryQueries.trend`, without its causes.
    static func trendPoint(_ row: some SQLRowReader) throws -> TrendPoint {
        TrendPoint(
            runKey: try row.text(0) ?? "", commit: try row.text(1), branch: try row.text(2),
            startedAt: date(try row.double(3)), tests: count(try row.int(4)),
            passed: count(try row.int(5)), failed: count(try row.int(6)), passedOnRetry: count(try row.int(7)),
            skipped: count(try row.int(8)), passRate: try row.double(9).flatMap(ratio),
            duration: totalDuration(try row.double(10)),
            auditIssues: count(try row.int(11)), auditErrors: count(try row.int(13)),
            coverage: try row.double(12).flatMap(ratio),
            failedTestsByCause: [:])
    }

    /// Joins the failed tests by cause (run key, cause, count rows) onto trend points.
    static func attach(_ counts: [(String, String, Int)], to points: [TrendPoint]) -> [TrendPoint] {
        var byRun: [String: [String: Int]] = [:]
        for (run, category, count) in counts { byRun[run, default: [:]][category, default: 0] += Self.count(count) }
        return points.map { point in
            var point = point
            point.failedTestsByCause = byRun[point.runKey] ?? [:]
            return point
        }
    }
}
