import CanopyModel
import Foundation
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
}
