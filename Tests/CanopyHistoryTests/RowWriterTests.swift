import CanopyModel
import Foundation
import NIOCore
import PostgresNIO
import Testing

@testable import CanopyHistory

/// The rows a run writes, as the values each table receives (SQLite binds the same calls).
@Suite struct RowWriterTests {
    @Test func testRowsCarryTheKeysNamesAndCounts() throws {
        let tests = [
            TestCase(
                identity: TestIdentity(
                    className: "Ü.Tests", name: "testPay()", arguments: "1", device: "iPhone 16",
                    configuration: "German"),
                attempts: [
                    Attempt(outcome: .failed, duration: 1.5, label: "First Run"),
                    Attempt(outcome: .passed, duration: 2),
                ]),
            TestCase(identity: TestIdentity(className: "B", name: "plain"), attempts: [Attempt(outcome: .skipped)]),
        ]
        let rows = tests.map { test in
            TestRunRow(
                runKey: "k", commit: nil, startedAt: nil, testKey: test.identity.key, device: test.identity.device,
                osVersion: nil,
                outcome: test.outcome, attempts: test.attempts.count,
                failedAttempts: test.attempts.filter { $0.outcome == .failed }.count,
                infrastructureFailedAttempts: test.attempts.count - 1, duration: test.attempts.first?.duration)
        }
        let table = IngestBatch.Table(TestRows(tests: tests, rows: rows))
        #expect(table.name == "tests" && table.count == 2)
        // The tests' names are the batch's, which every store resolves before any table.
        #expect(table.references.isEmpty)
        var metadata = RunMetadata()
        metadata.runKey = "k"
        let batch = try IngestBatch(run: Run(metadata: metadata, tests: tests))
        #expect(batch.testNames.names.map(\.key) == ["Ü.Tests/testPay(1)@iPhone 16#German", "B/plain"])
        var names = SQLValueList()
        for name in batch.testNames.names { name.write(to: &names) }
        #expect(
            names.values == [
                .text("Ü.Tests/testPay(1)@iPhone 16#German"), .text("Ü.Tests/testPay(1)"), .text("Ü.Tests"),
                .text("testPay()"), .text("iPhone 16"), .text("German"),
                .text("B/plain"), .text("B/plain"), .text("B"), .text("plain"), .null, .null,
            ])
        let ids = RowIDs(run: 7, names: ["Ü.Tests/testPay(1)@iPhone 16#German": 40, "B/plain": 41])
        // Outcomes as `StoredOutcome` codes (3 flaky, 2 skipped), durations in microseconds.
        #expect(
            table.values(0..<2, ids: ids) == [
                .int(7), .int(40), .int(0), .int(3), .int(2), .int(1), .int(1), .int(1_500_000),
                .int(7), .int(41), .int(1), .int(2), .int(1), .int(0), .int(0), .null,
            ])
        // Only the test that ran twice has attempt rows.
        let attempts = IngestBatch.Table(AttemptRows(tests: tests))
        #expect(attempts.count == 2)
        #expect(
            attempts.values(0..<2, ids: ids) == [
                .int(7), .int(0), .int(0), .text("failed"), .double(1.5), .text("First Run"),
                .int(7), .int(0), .int(1), .text("passed"), .double(2), .null,
            ])
    }

    @Test func failureRowsReferToTheirTestAndStringsByID() {
        let digest = FailureDigest(
            testKey: "A/testPay()", attemptIndex: 1, category: "elementNotFound", isInfrastructure: false,
            fingerprint: "fp1", normalizedMessage: "no {id}", identifier: "Pay", message: "no Pay")
        let table = IngestBatch.Table([FailureDigestRecord(ordinal: 3, digest: digest)])
        #expect(table.references.names.map(\.key) == ["A/testPay()"])
        #expect(Set(table.references.strings) == ["elementNotFound", "fp1", "no {id}", "Pay"])
        let ids = RowIDs(
            run: 2, names: ["A/testPay()": 5], strings: ["elementNotFound": 1, "fp1": 2, "no {id}": 3, "Pay": 4])
        #expect(
            table.values(0..<1, ids: ids) == [
                .int(2), .int(3), .int(5), .int(1), .int(1), .int(0), .int(2), .int(3), .int(4), .text("no Pay"),
            ])
        // An entry without an id is written NULL, which the NOT NULL column refuses: no row is
        // stored under another test's id.
        #expect(table.values(0..<1, ids: RowIDs(run: 2))[2] == .null)
    }

    @Test func missingEntriesAreEachOnceAndSorted() {
        let ids = RowIDs(run: 1, names: ["b": 1], strings: ["x": 9])
        let missing = ids.missing(
            RowReferences(
                names: [TestName(key: "c"), TestName(key: "b"), TestName(key: "a"), TestName(key: "c")],
                strings: ["z", "x", "y", "z"]))
        #expect(missing.names.map(\.key) == ["a", "c"])
        #expect(missing.strings == ["y", "z"])
    }

    @Test func postgresColumnArraysAreBinaryArraysOnePerColumn() {
        var rows = PostgresColumnArrays(columns: 4)
        rows.int(-42)
        rows.text("a\tb\"{c},NULL")
        rows.null()
        rows.double(.nan)
        #expect(rows.isAtRowStart)
        rows.int(7)
        rows.text("key@device", utf8Prefix: 3)
        rows.null()
        #expect(!rows.isAtRowStart)
        rows.double(-.infinity)
        let (sql, arrays) = rows.statement(into: "tests", names: ["run_id", "name", "device", "duration"])
        // The all-NULL column is a literal; the others are unnest's columns, in order.
        #expect(
            sql == """
                INSERT INTO "tests" ("run_id", "name", "device", "duration") SELECT u.c1, u.c2, NULL, u.c3 \
                FROM unnest($1::int8[], $2::text[], $3::float8[]) AS u (c1, c2, c3)
                """)
        #expect(arrays.map(\.psqlType) == [.int8Array, .textArray, .float8Array])
        let ints =
            header(oid: 20, nulls: false, count: 2) + bytes(Int32(8)) + bytes(Int64(-42)) + bytes(Int32(8))
            + bytes(Int64(7))
        let texts =
            header(oid: 25, nulls: false, count: 2) + bytes(Int32(12)) + Array("a\tb\"{c},NULL".utf8) + bytes(Int32(3))
            + Array("key".utf8)
        let doubles =
            header(oid: 701, nulls: false, count: 2) + bytes(Int32(8)) + bytes(Double.nan.bitPattern) + bytes(Int32(8))
            + bytes((-Double.infinity).bitPattern)
        #expect(arrays.map(encoded) == [ints, texts, doubles])

        // The next batch keeps the column kinds: a column of NULLs only is then a typed array of NULLs.
        rows.removeAll()
        rows.int(1)
        rows.null()
        rows.null()
        rows.null()
        let next = rows.statement(into: "tests", names: ["run_id", "name", "device", "duration"])
        #expect(
            next.sql.hasSuffix(
                "SELECT u.c1, u.c2, NULL, u.c3 FROM unnest($1::int8[], $2::text[], $3::float8[]) AS u (c1, c2, c3)"))
        #expect(
            next.arrays.map(encoded) == [
                header(oid: 20, nulls: false, count: 1) + bytes(Int32(8)) + bytes(Int64(1)),
                header(oid: 25, nulls: true, count: 1) + bytes(Int32(-1)),
                header(oid: 701, nulls: true, count: 1) + bytes(Int32(-1)),
            ])
    }

    @Test func aValueOfAnotherKindThanItsColumnIsRecordedNotFatal() {
        var rows = PostgresColumnArrays(columns: 1)
        rows.int(1)
        #expect(rows.mismatch == nil)
        rows.text("2")
        #expect(rows.mismatch == "column 1 holds int8 values, then a text value")
    }

    @Test func aBatchOfNullsOnlyIsInsertedWithoutArrays() {
        var rows = PostgresColumnArrays(columns: 2)
        for _ in 0..<3 {
            rows.null()
            rows.null()
        }
        #expect(
            rows.statement(into: "t", names: ["a", "b"]).sql
                == #"INSERT INTO "t" ("a", "b") SELECT NULL, NULL FROM generate_series(1, 3)"#)
    }

    private func bytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    /// A one-dimensional binary array's header: dimensions, NULL flag, element type, length, lower bound.
    private func header(oid: Int32, nulls: Bool, count: Int32) -> [UInt8] {
        bytes(Int32(1)) + bytes(Int32(nulls ? 1 : 0)) + bytes(oid) + bytes(count) + bytes(Int32(1))
    }

    private func encoded(_ array: PostgresBinaryArray) -> [UInt8] {
        var buffer = ByteBuffer()
        array.encode(into: &buffer, context: .default)
        return Array(buffer.readableBytesView)
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
    mutating func blob(_ bytes: [UInt8]) { values.append(.blob(bytes)) }
    mutating func null() { values.append(.null) }
}

extension IngestBatch.Table {
    /// The values of the rows in `range` written with `ids`, in column order, row after row.
    func values(_ range: Range<Int>, ids: RowIDs) -> [SQLValue] {
        var list = SQLValueList()
        list.values.reserveCapacity(range.count * columns.count)
        write(range, ids: ids, to: &list)
        return list.values
    }
}
