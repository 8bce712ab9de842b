import CanopyModel
import Foundation
import NIOCore
import Testing

@testable import CanopyHistory

/// The rows a run writes, as the values each table receives (SQLite binds the same calls).
@Suite struct RowWriterTests {
    @Test func testRowsCarryTheKeysNamesAndCounts() {
        let tests = [
            TestCase(
                identity: TestIdentity(className: "Ü.Tests", name: "testPay()", arguments: "1", device: "iPhone 16", configuration: "German"),
                attempts: [Attempt(outcome: .failed, duration: 1.5, label: "First Run"), Attempt(outcome: .passed, duration: 2)]),
            TestCase(identity: TestIdentity(className: "B", name: "plain"), attempts: [Attempt(outcome: .skipped)]),
        ]
        let rows = tests.map { test in
            TestRunRow(
                runKey: "k", commit: nil, startedAt: nil, testKey: test.identity.key, device: test.identity.device, osVersion: nil,
                outcome: test.outcome, attempts: test.attempts.count, failedAttempts: test.attempts.filter { $0.outcome == .failed }.count,
                infrastructureFailedAttempts: test.attempts.count - 1, duration: test.attempts.first?.duration)
        }
        let table = IngestBatch.Table(TestRows(tests: tests, rows: rows))
        #expect(table.name == "tests" && table.count == 2)
        #expect(table.values(0..<2, runID: 7) == [
            .int(7), .int(0), .text("Ü.Tests/testPay(1)@iPhone 16#German"), .text("Ü.Tests/testPay(1)"), .text("Ü.Tests"),
            .text("testPay()"), .text("iPhone 16"), .text("German"), .text("flaky"), .int(2), .int(1), .int(1), .double(1.5),
            .int(7), .int(1), .text("B/plain"), .text("B/plain"), .text("B"), .text("plain"), .null, .null, .text("skipped"),
            .int(1), .int(0), .int(0), .null,
        ])
        let attempts = IngestBatch.Table(AttemptRows(tests: tests))
        #expect(attempts.count == 3)
        #expect(attempts.values(1..<3, runID: 7) == [
            .int(7), .int(0), .int(1), .text("passed"), .double(2), .null,
            .int(7), .int(1), .int(0), .text("skipped"), .null, .null,
        ])
    }

    @Test func postgresCopyTextEscapesAndEndsRows() {
        var rows = PostgresCopyText(columns: 3)
        rows.int(-42)
        rows.text("a\tb\nc\rd\\e")
        rows.null()
        #expect(rows.isAtRowStart)
        rows.double(5)
        rows.double(1e-7)
        rows.text("key@device", utf8Prefix: 3)
        rows.double(.nan)
        rows.double(.infinity)
        rows.double(-.infinity)
        rows.double(0.1 + 0.2)
        #expect(!rows.isAtRowStart)
        let text = String(decoding: rows.buffer.readableBytesView, as: UTF8.self)
        #expect(text == "-42\ta\\tb\\nc\\rd\\\\e\t\\N\n5.0\t1e-07\tkey\nNaN\tInfinity\t-Infinity\n0.30000000000000004\t")
    }
}

/// The values a sink receives, in order: how these tests read rows.
struct SQLValueList: SQLRowSink {
    var values: [SQLValue] = []

    mutating func int(_ value: Int) { values.append(.int(value)) }
    mutating func double(_ value: Double) { values.append(.double(value)) }
    mutating func text(_ value: String) { values.append(.text(value)) }
    mutating func text(_ value: String, utf8Prefix byteCount: Int) {
        values.append(.text(String(decoding: value.utf8.prefix(byteCount), as: UTF8.self)))
    }
    mutating func null() { values.append(.null) }
}

extension IngestBatch.Table {
    /// The values of the rows in `range` for the run with `runID`, in column order, row after row.
    func values(_ range: Range<Int>, runID: Int) -> [SQLValue] {
        var list = SQLValueList()
        list.values.reserveCapacity(range.count * columns.count)
        write(range, runID: runID, to: &list)
        return list.values
    }
}
