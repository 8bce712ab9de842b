import CanopyModel
import Foundation

/// Everything one run writes, as rows per table, built before the transaction opens so the
/// transaction only binds and inserts.
struct IngestBatch: Sendable {
    /// One child table's rows.
    struct Table: Sendable {
        var name: String
        var columns: [String]
        var count: Int
        /// The values of the rows in a range, row after row. The records stay in their typed array:
        /// casting 190,000 of them to `any RunChildRecord` was measurable.
        private var rowValues: @Sendable (Range<Int>, Int) -> [SQLValue]

        init<Record: RunChildRecord>(_ records: [Record]) {
            name = Record.table
            columns = Record.columns
            count = records.count
            let width = Record.columns.count
            rowValues = { range, runID in
                var values: [SQLValue] = []
                values.reserveCapacity(range.count * width)
                for index in range { values += records[index].values(runID: runID) }
                return values
            }
        }

        var isEmpty: Bool { count == 0 }

        /// The values of the rows in `range` for the run with `runID`, in column order, row after row.
        func values(_ range: Range<Int>, runID: Int) -> [SQLValue] { rowValues(range, runID) }
    }

    var key: String
    var run: RunRecord
    var tables: [Table]

    init(run: Run, digest: RunDigest, testRows rows: [TestRunRow], ingestedAt: Date = Date()) throws {
        precondition(rows.count == run.tests.count, "one test row per test")
        guard let key = run.metadata.runKey, !key.isEmpty else { throw HistoryError.missingRunKey }
        self.key = key
        self.run = RunRecord(key: key, metadata: run.metadata, totals: run.totals, ingestedAt: ingestedAt)
        var tests: [TestRecord] = []
        var attempts: [AttemptRecord] = []
        tests.reserveCapacity(run.tests.count)
        // By index: iterating the tests copied each test with its attempts and output (on the
        // store's critical path, for a few columns of each).
        for index in run.tests.indices {
            tests.append(TestRecord(index: index, identity: run.tests[index].identity, row: rows[index]))
            for attemptIndex in run.tests[index].attempts.indices {
                attempts.append(AttemptRecord(testIndex: index, attemptIndex: attemptIndex, of: run.tests[index].attempts))
            }
        }
        let failures = digest.failures.enumerated().map { FailureRecord(ordinal: $0.offset, digest: $0.element) }
        var seenPaths = Set<String>()
        let nodes = digest.identifierNodes.filter { seenPaths.insert($0.path).inserted }.map(IdentifierNodeRecord.init)
        let audits = run.auditIssues.enumerated().map { AuditIssueRecord(ordinal: $0.offset, issue: $0.element) }
        var seenScopes = Set<String>()
        let coverage = digest.coverage.filter { seenScopes.insert($0.scope.rawValue + "\u{1F}" + $0.name).inserted }
            .map(CoverageRecord.init)
        tables = [
            Table(tests), Table(attempts), Table(failures), Table(nodes), Table(audits), Table(coverage),
        ]
    }
}
