import CanopyModel
import Foundation

/// What one run writes, as rows per table, gathered before the rows are written so writing only
/// binds and inserts: everything (`store`), or what the run alone decides (`beginStore`, whose
/// `finish` brings `analysedTables` after). Every row is written once, complete.
struct IngestBatch: Sendable {
    /// One child table's rows.
    struct Table: Sendable {
        var name: String
        var columns: [String]
        /// How rows already stored are updated (`RunChildRows.upsert`), nil for plain inserts.
        var upsert: Upsert?
        var count: Int
        /// The names and strings the rows refer to by id.
        var references: RowReferences
        /// The rows in their own typed collection, so no row is cast to an existential; only the
        /// table is one.
        private var rows: any RunChildRows

        init<Rows: RunChildRows>(_ rows: Rows) {
            name = Rows.table
            columns = Rows.columns
            upsert = Rows.upsert
            count = rows.count
            references = rows.references
            self.rows = rows
        }

        var isEmpty: Bool { count == 0 }

        /// The table with its rows in the order they are written once `ids` are known.
        func ordered(ids: RowIDs) -> Table {
            Self.ordered(rows, ids: ids)
        }

        private static func ordered<Rows: RunChildRows>(_ rows: Rows, ids: RowIDs) -> Table {
            Table(rows.ordered(ids: ids))
        }

        /// Writes the rows in `range` with `ids` (their run's, and every entry of `references`),
        /// in column order, row after row.
        func write<Sink: SQLRowSink>(_ range: Range<Int>, ids: RowIDs, to sink: inout Sink) {
            Self.write(rows, range, ids: ids, to: &sink)
        }

        private static func write<Rows: RunChildRows, Sink: SQLRowSink>(
            _ rows: Rows, _ range: Range<Int>, ids: RowIDs, to sink: inout Sink
        ) {
            for index in range { rows.write(row: index, ids: ids, to: &sink) }
        }
    }

    var key: String
    var run: RunRecord
    var tables: [Table]
    /// The names of every test of the run, which the tables refer to: known before the analysis,
    /// so every store resolves them before it writes any table (on the staged path, beside the
    /// analysis); the tables' own `references` list only what else they refer to.
    var testNames: RowReferences

    /// Everything the run writes, analysis included.
    init(run: Run, digest: RunDigest, testRows rows: [TestRunRow], ingestedAt: Date = Date()) throws {
        try self.init(run: run, ingestedAt: ingestedAt)
        tables += Self.analysedTables(run: run, digest: digest, testRows: rows)
    }

    /// What depends on the run alone: the run, its tests' attempts, its audit issues, its tests'
    /// XCTMetric measurements.
    init(run: Run, ingestedAt: Date = Date()) throws {
        guard let key = run.metadata.runKey, !key.isEmpty else { throw HistoryError.missingRunKey }
        self.key = key
        self.run = RunRecord(key: key, metadata: run.metadata, totals: run.totals, ingestedAt: ingestedAt)
        let audits = run.auditIssues.enumerated().map { AuditIssueRecord(ordinal: $0.offset, issue: $0.element) }
        tables = [Table(AttemptRows(tests: run.tests)), Table(audits), Table(TestMetricRows(tests: run.tests))]
        testNames = RowReferences(names: run.tests.map { TestName($0.identity, key: $0.identity.key) })
    }

    /// What depends on the analysis: the tests (`rows`, infrastructure attempts counted from
    /// `digest`), then `analysisTables`.
    static func analysedTables(run: Run, digest: RunDigest, testRows rows: [TestRunRow]) -> [Table] {
        precondition(rows.count == run.tests.count, "one test row per test")
        return [Table(TestRows(tests: run.tests, rows: rows))] + analysisTables(digest)
    }

    /// What the analysis adds: failures, identifier nodes, coverage (one row per path and
    /// scope), the tests that touched each identifier template and the failed tests by cause.
    /// Branch coverage is stored with the tree's nodes, the other scopes as `coverage` rows
    /// (migration 5 says why).
    static func analysisTables(_ digest: RunDigest) -> [Table] {
        let failures = digest.failures.enumerated().map { FailureDigestRecord(ordinal: $0.offset, digest: $0.element) }
        let nodes = IdentifierNodeRecord.rows(
            nodes: digest.identifierNodes, branches: digest.coverage.filter { $0.scope == .branch })
        var seenScopes = Set<String>()
        let coverage = digest.coverage.filter {
            $0.scope != .branch && seenScopes.insert($0.scope.rawValue + "\u{1F}" + $0.name).inserted
        }
        .map(CoverageRecord.init)
        let touches = TestIdentifierRows(digest.identifierTests)
        return [
            Table(failures), Table(nodes), Table(coverage), Table(touches), Table(TestIdentifierRunRows(rows: touches)),
            Table(FailedTestCauseRows(digest.failedTestsByCause)),
        ]
    }
}
