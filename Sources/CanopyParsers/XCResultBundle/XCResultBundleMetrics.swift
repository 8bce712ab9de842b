import CanopyModel
import Foundation
import GRDB

/// The XCTMetrics of a result database (`PerformanceMetrics`), by `TestCaseRuns` row, each run's
/// in `orderInTestCase` order.
///
/// `measurements` is a TEXT column "holding the list of values"; how Xcode spells the list is not
/// documented, and no real bundle of ours has shown it. Accepted: a JSON array of numbers
/// (`[2.7, 3.1]`) and numbers separated by commas, semicolons or white space, with or without
/// brackets: every plain spelling of a list of numbers reads the same, so whichever Xcode writes
/// is read. A value that is not a number makes the row's measurements unreadable: the metric is
/// kept without them and a warning names the row, never a guess.
struct XCResultBundleMetrics {
    var metrics: [Int64: [MetricMeasurement]] = [:]
    var diagnostics: [Diagnostic] = []

    init(_ db: Database, bundle: String) throws {
        guard try db.tableExists("PerformanceMetrics") else { return }
        let sql = """
            SELECT rowid, testCaseRun_fk, identifier, displayName, unitOfMeasurement, polarity, measurements,
                   baselineName, baselineAverage, maxRegression, maxPercentRegression, maxStandardDeviation,
                   maxPercentRelativeStandardDeviation
            FROM PerformanceMetrics WHERE testCaseRun_fk IS NOT NULL
            ORDER BY testCaseRun_fk, orderInTestCase, rowid
            """
        var unreadable: [Int64] = []
        // Columns by their place in the select list above.
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            guard let identifier: String = try row.decode(atIndex: 2), !identifier.isEmpty else { continue }
            let text: String? = try row.decode(atIndex: 6)
            let values = Self.values(text ?? "")
            if values == nil { unreadable.append(try row.decode(atIndex: 0)) }
            let metric = MetricFields.measurement(
                identifier: identifier, displayName: try row.decode(atIndex: 3), unit: try row.decode(atIndex: 4),
                polarity: try row.decode(atIndex: 5), measurements: values ?? [],
                baselineName: try row.decode(atIndex: 7), baselineAverage: try row.decode(atIndex: 8),
                maxRegression: try row.decode(atIndex: 9), maxPercentRegression: try row.decode(atIndex: 10),
                maxStandardDeviation: try row.decode(atIndex: 11),
                maxPercentRelativeStandardDeviation: try row.decode(atIndex: 12))
            metrics[try row.decode(Int64.self, atIndex: 1), default: []].append(metric)
        }
        if !unreadable.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "PerformanceMetrics: \(unreadable.count) row(s) whose measurements are not a list of numbers, "
                        + "kept without values (row \(unreadable.prefix(3).map(String.init).joined(separator: ", row ")))",
                    file: bundle + "/database.sqlite3"))
        }
    }

    /// The numbers of a `measurements` text, in order; nil when a part is not a number.
    static func values(_ text: String) -> [Double]? {
        var body = Substring(text).trimmingCharacters(in: .whitespacesAndNewlines)[...]
        if body.hasPrefix("["), body.hasSuffix("]") { body = body.dropFirst().dropLast() }
        if body.hasPrefix("("), body.hasSuffix(")") { body = body.dropFirst().dropLast() }
        var values: [Double] = []
        for part in body.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }) {
            guard let value = Double(part), value.isFinite else { return nil }
            values.append(value)
            if values.count == MetricFields.measurementLimit { break }
        }
        return values
    }
}
