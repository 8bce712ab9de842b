import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// Every history query reads the rows its window or run needs through an index, never the whole
/// of a table that grows with history (`tests`, `failures`, `attempts`, `identifier_nodes`,
/// `audit_issues`, `coverage`, `test_metrics`), so its cost follows the window, not the store's size. The plans
/// are the databases' own (`EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN` with sequential scans
/// priced out, so a small test table does not make one look cheaper than the index).
@Suite struct HistoryQueryPlanTests {
    /// The tables whose rows grow with every stored run, and their aliases in the queries.
    static let growing = [
        "tests", "t", "failures", "f", "attempts", "identifier_nodes", "n", "audit_issues", "a", "coverage", "c",
        "test_metrics", "tm",
    ]

    /// The windows commands read: the flakiness window (branch, days, runs), the trend's (branch,
    /// runs) and a pull request's comparison window (days up to a time).
    static let windows = [
        HistoryWindow(branch: "main", days: 30, runs: 30, until: RunFactory.epoch),
        HistoryWindow(branch: "main", runs: 30),
        HistoryWindow(days: 14, until: RunFactory.epoch),
    ]

    /// Every statement `HistoryQueries` and `MetricQueries` build, named.
    static func statements() -> [(String, SQLStatement)] {
        var all: [(String, SQLStatement)] = [
            ("run(key:)", HistoryQueries.run(key: "k")),
            ("previousRun", HistoryQueries.previousRun(branch: "main", before: "k", excludingCommit: "c")),
            (
                "previousRun(startedBefore:)",
                HistoryQueries.previousRun(
                    branch: "main", before: nil, excludingCommit: nil, startedBefore: RunFactory.epoch)
            ),
            ("testRuns(runKey:)", HistoryQueries.testRuns(runKey: "k")),
            ("auditIssues(runKey:)", HistoryQueries.auditIssues(runKey: "k")),
            ("coverage(runKey:)", HistoryQueries.coverage(runKey: "k")),
            ("failures(runKey:)", HistoryQueries.failures(runKey: "k")),
            ("identifierNodes(runKey:)", HistoryQueries.identifierNodes(runKey: "k")),
        ]
        for (index, window) in windows.enumerated() {
            let ids = HistoryQueries.runIDs(window)
            all += [
                ("runs[\(index)]", HistoryQueries.runs(window)),
                ("testRuns[\(index)]", HistoryQueries.testRuns(ids)),
                ("failingTestKeys[\(index)]", HistoryQueries.failingTestKeys(ids)),
                ("KeyedTestRuns.runs[\(index)]", KeyedTestRuns.runsStatement(ids)),
                ("KeyedTestRuns.names", KeyedTestRuns.namesStatement(["A/a()", "B/b()@iPhone"])),
                ("KeyedTestRuns.rows[\(index)]", KeyedTestRuns.rowsStatement(ids, nameIDs: [1, 2])),
                (
                    "passedDurations[\(index)]",
                    HistoryQueries.passedDurations(ids, testKeys: ["A/a()"], excludingRun: "k")[0]
                ),
                ("failures[\(index)]", HistoryQueries.failures(window)),
                ("trend[\(index)]", HistoryQueries.trend(window)),
                ("trendCategories[\(index)]", HistoryQueries.trendCategories(window)),
                ("metrics[\(index)]", MetricQueries.metrics(window)),
            ]
        }
        return all
    }

    /// A plan's lines that read a growing table whole: SQLite's `SCAN t` (with or without a
    /// covering index: a whole index is as large), PostgreSQL's `Seq Scan on tests t`.
    static func fullScans(_ plan: [String]) -> [String] {
        plan.filter { line in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
            if words.first == "SCAN", words.count > 1 { return growing.contains(words[1]) }
            if let seq = words.firstIndex(of: "Seq"), words.count > seq + 3, words[seq + 1] == "Scan" {
                return growing.contains(words[seq + 3])
            }
            return false
        }
    }

    @Test func theCheckFindsAFullScan() {
        #expect(Self.fullScans(["SCAN t", "SEARCH r USING INTEGER PRIMARY KEY (rowid=?)"]) == ["SCAN t"])
        #expect(Self.fullScans(["SCAN t USING COVERING INDEX tests_failing_names"]).count == 1)
        #expect(Self.fullScans(["  ->  Seq Scan on tests t  (cost=0.00..1.00 rows=1 width=8)"]).count == 1)
        #expect(Self.fullScans(["SCAN r", "SEARCH t USING PRIMARY KEY (run_id=? AND name_id=?)"]).isEmpty)
        #expect(Self.fullScans(["  ->  Index Scan using tests_pkey on tests t"]).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func noHistoryQueryReadsAGrowingTableWhole(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = HistoryStoreTests.sampleRun()
            _ = try await store.store(run, digest: digest)
            for (name, statement) in Self.statements() {
                let plan = try await Self.plan(of: statement, in: store)
                #expect(!plan.isEmpty, "\(name): no plan")
                #expect(Self.fullScans(plan).isEmpty, "\(name) reads a whole table:\n\(plan.joined(separator: "\n"))")
            }
        }
    }

    static func plan(of statement: SQLStatement, in store: any HistoryStore) async throws -> [String] {
        var lines: [String] = []
        if let sqlite = store as? SQLiteHistoryStore {
            let explain = SQLStatement(sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
            try sqlite.forEach(explain) { row in lines.append(try row.text(3) ?? "") }
        } else if let postgres = store as? PostgresHistoryStore {
            try await postgres.withConnection { connection in
                try await postgres.execute("SET enable_seqscan = off", on: connection)
                let explain = SQLStatement(sql: "EXPLAIN " + statement.sql, arguments: statement.arguments)
                try await postgres.forEach(explain, on: connection) { row in lines.append(try row.text(0) ?? "") }
                try await postgres.execute("RESET enable_seqscan", on: connection)
            }
        }
        return lines
    }
}
