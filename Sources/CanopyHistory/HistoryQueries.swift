import CanopyModel
import Foundation

/// The read queries, shared by both stores so they behave the same.
enum HistoryQueries {
    /// `SELECT id FROM runs …` for the runs in `window`.
    static func runIDs(_ window: HistoryWindow) -> SQLStatement {
        var sql = "SELECT id FROM runs WHERE 1 = 1"
        var arguments: [SQLValue] = []
        if let branch = window.branch {
            sql += " AND branch = ?"
            arguments.append(.text(branch))
        }
        if let days = window.days {
            let until = window.until ?? Date()
            sql += " AND sort_time >= ?"
            arguments.append(.double(until.timeIntervalSince1970 - Double(days) * 86_400))
        }
        if let until = window.until {
            sql += " AND sort_time <= ?"
            arguments.append(.double(until.timeIntervalSince1970))
        }
        if let runs = window.runs {
            sql += " ORDER BY sort_time DESC, id DESC LIMIT \(max(0, runs))"
        }
        return SQLStatement(sql: sql, arguments: arguments)
    }

    static let runColumns = RunRecord.selectColumns.joined(separator: ", ")

    static func runs(_ window: HistoryWindow) -> SQLStatement {
        let ids = runIDs(window)
        return SQLStatement(
            sql: "SELECT \(runColumns) FROM runs WHERE id IN (\(ids.sql)) ORDER BY sort_time, id",
            arguments: ids.arguments)
    }

    static func run(key: String) -> SQLStatement {
        SQLStatement(sql: "SELECT \(runColumns) FROM runs WHERE run_key = ?", arguments: [.text(key)])
    }

    static func previousRun(
        branch: String, before key: String?, excludingCommit commit: String?, startedBefore: Date? = nil
    ) -> SQLStatement {
        var conditions = ["branch = ?"]
        var arguments: [SQLValue] = [.text(branch)]
        if let startedBefore {
            conditions.append("sort_time < ?")
            arguments.append(.double(startedBefore.timeIntervalSince1970))
        }
        if let commit {
            // A run without a commit is kept: nothing says it is the same commit.
            conditions.append("(commit_sha IS NULL OR commit_sha <> ?)")
            arguments.append(.text(commit))
        }
        if let key {
            // Before the given run when it is stored; otherwise the latest other run on the branch.
            conditions.append(
                """
                run_key <> ? AND NOT EXISTS (
                  SELECT 1 FROM runs c WHERE c.run_key = ? AND (c.sort_time < runs.sort_time
                    OR (c.sort_time = runs.sort_time AND c.id < runs.id)))
                """)
            arguments += [.text(key), .text(key)]
        }
        return SQLStatement(
            sql:
                "SELECT \(runColumns) FROM runs WHERE \(conditions.joined(separator: " AND ")) ORDER BY sort_time DESC, id DESC LIMIT 1",
            arguments: arguments)
    }

    static let testRunColumns = """
        r.run_key, r.commit_sha, r.started_at, n.test_key, n.device, r.os_version, t.outcome, t.attempts, \
        t.failed_attempts, t.infra_failed_attempts, t.duration_us, n.configuration
        """

    /// A run's test results with their runs and names (migration 9's layout).
    static let testRunTables = "tests t JOIN runs r ON r.id = t.run_id JOIN test_names n ON n.id = t.name_id"

    static func testRuns(runKey: String) -> SQLStatement {
        SQLStatement(
            sql:
                "SELECT \(testRunColumns) FROM \(testRunTables) WHERE r.run_key = ? ORDER BY t.test_index",
            arguments: [.text(runKey)])
    }

    static let testRunOrder = " ORDER BY n.test_key, r.os_version, r.sort_time, r.id"

    /// Every test's rows over the runs `ids` selects.
    static func testRuns(_ ids: SQLStatement) -> SQLStatement {
        SQLStatement(
            sql: "SELECT \(testRunColumns) FROM \(testRunTables) WHERE t.run_id IN (\(ids.sql))"
                + testRunOrder,
            arguments: ids.arguments)
    }

    /// The keys of the tests that failed an attempt in the runs `ids` selects (from the partial
    /// index tests_failing_names), sorted.
    static func failingTestKeys(_ ids: SQLStatement) -> SQLStatement {
        SQLStatement(
            sql:
                """
                SELECT DISTINCT n.test_key FROM tests t JOIN test_names n ON n.id = t.name_id \
                WHERE t.failed_attempts > 0 AND t.run_id IN (\(ids.sql)) ORDER BY n.test_key
                """,
            arguments: ids.arguments)
    }

    /// The keys of `extra` not among `keys`, sorted (streamed after the failing ones).
    static func extraKeys(_ extra: Set<String>, besides keys: [String]) -> [String] {
        guard !extra.isEmpty else { return [] }
        return extra.subtracting(keys).sorted()
    }

    /// Test keys bound per statement (`KeyedTestRuns`, `passedDurations`), well under both databases' limits.
    static let keysPerStatement = 500

    /// `keys` cut into runs of `keysPerStatement`, each bound to one statement.
    static func batches(of keys: [String]) -> [ArraySlice<String>] {
        stride(from: 0, to: keys.count, by: keysPerStatement).map { keys[$0..<min($0 + keysPerStatement, keys.count)] }
    }

    /// `?, ?, …`: one placeholder per key of `batch`.
    private static func placeholders(for batch: ArraySlice<String>) -> String {
        Array(repeating: "?", count: batch.count).joined(separator: ", ")
    }

    /// The tables of `passedDurations`, in the order SQLite reads them
    /// (`CROSS JOIN` fixes it; PostgreSQL plans the same joins freely): each run of the window,
    /// then its rows of the tests named, by run and name from the primary key — the rows of one
    /// run lie together, so reading many tests over many runs touches each run's pages once —
    /// then the names. Starting from the names instead reads one scattered row per test and run.
    static let keyedTestRunTables = "runs r CROSS JOIN tests t CROSS JOIN test_names n"

    /// The conditions of `keyedTestRunTables` for the names `keys` (one placeholder each) over
    /// the runs `ids` selects.
    ///
    /// The keys are bound as values, not found by a subquery on `tests`: PostgreSQL's planner
    /// overestimates what such a subquery returns and reads every test row of the window.
    private static func keyedConditions(_ ids: SQLStatement, keys: ArraySlice<String>) -> String {
        """
        t.run_id = r.id AND n.id = t.name_id \
        AND t.name_id IN (SELECT id FROM test_names WHERE test_key IN (\(placeholders(for: keys)))) \
        AND t.run_id IN (\(ids.sql))
        """
    }

    /// The statements that read the passed results' durations of the tests `keys` over the runs
    /// `ids` selects, but the run `excludingRun`: by test key, latest run first (the window's
    /// order), `keysPerStatement` keys each, by run and name as `KeyedTestRuns`. Two
    /// columns, not a test row: a run reads them for every test long enough to be slower than usual.
    static func passedDurations(_ ids: SQLStatement, testKeys keys: [String], excludingRun: String?) -> [SQLStatement] {
        batches(of: keys).map { batch in
            var sql = """
                SELECT n.test_key, t.duration_us FROM \(keyedTestRunTables) WHERE \(keyedConditions(ids, keys: batch)) \
                AND t.outcome = \(StoredOutcome.code(.passed)) AND t.duration_us IS NOT NULL
                """
            var arguments = batch.map { SQLValue.text($0) } + ids.arguments
            if let excludingRun {
                sql += " AND r.run_key <> ?"
                arguments.append(.text(excludingRun))
            }
            return SQLStatement(sql: sql + " ORDER BY n.test_key, r.sort_time DESC, r.id DESC", arguments: arguments)
        }
    }

    /// Failures with their runs, test names and strings (migration 9's layout).
    static let failureTables = """
        failures f JOIN runs r ON r.id = f.run_id JOIN test_names n ON n.id = f.name_id \
        JOIN strings c ON c.id = f.category_id JOIN strings p ON p.id = f.fingerprint_id \
        JOIN strings m ON m.id = f.normalized_message_id LEFT JOIN strings i ON i.id = f.identifier_id
        """

    static func failures(_ window: HistoryWindow) -> SQLStatement {
        let ids = runIDs(window)
        return SQLStatement(
            sql: """
                SELECT r.run_key, r.commit_sha, n.test_key, f.attempt_index, c.value, f.is_infrastructure, \
                p.value, i.value, m.value, f.message FROM \(failureTables) \
                WHERE f.run_id IN (\(ids.sql)) ORDER BY r.sort_time, r.id, f.ordinal
                """,
            arguments: ids.arguments)
    }

    static func auditIssues(runKey: String) -> SQLStatement {
        let columns = AuditIssueRecord.columns.dropFirst(2).map { "a." + $0 }.joined(separator: ", ")
        return SQLStatement(
            sql:
                "SELECT \(columns) FROM audit_issues a JOIN runs r ON r.id = a.run_id WHERE r.run_key = ? ORDER BY a.ordinal",
            arguments: [.text(runKey)])
    }

    /// The run's coverage figures: its `coverage` rows and its branch figures, kept in
    /// `identifier_nodes` (migration 5), ordered by scope and name.
    static func coverage(runKey: String) -> SQLStatement {
        SQLStatement(
            sql: """
                SELECT c.scope, c.name, c.interactive, c.identified FROM coverage c JOIN runs r ON r.id = c.run_id \
                WHERE r.run_key = ? \
                UNION ALL SELECT 'branch', n.path, n.interactive, n.identified FROM identifier_nodes n JOIN runs r ON r.id = n.run_id \
                WHERE r.run_key = ? AND n.branch_coverage IS NOT NULL ORDER BY 1, 2
                """,
            arguments: [.text(runKey), .text(runKey)])
    }

    static func failures(runKey: String) -> SQLStatement {
        SQLStatement(
            sql: """
                SELECT n.test_key, f.attempt_index, c.value, f.is_infrastructure, p.value, m.value, \
                i.value, f.message FROM \(failureTables) WHERE r.run_key = ? ORDER BY f.ordinal
                """,
            arguments: [.text(runKey)])
    }

    /// The run's tree: its nodes, without the rows that hold a branch figure alone. A node stored
    /// before schema 3 (`audit_errors` NULL) reads without figures, as it was stored; migration 5
    /// gave it its branch figure for `coverage(runKey:)`.
    static func identifierNodes(runKey: String) -> SQLStatement {
        SQLStatement(
            sql: """
                SELECT n.path, n.tests, n.failures, n.flaky_tests, n.audit_issues, n.audit_errors, n.parent, \
                CASE WHEN n.audit_errors IS NULL THEN NULL ELSE n.interactive END, \
                CASE WHEN n.audit_errors IS NULL THEN NULL ELSE n.identified END FROM identifier_nodes n \
                JOIN runs r ON r.id = n.run_id WHERE r.run_key = ? \
                AND (n.branch_coverage IS NULL OR n.branch_coverage <> \(IdentifierNodeRecord.branchFigureOnly)) ORDER BY n.path
                """,
            arguments: [.text(runKey)])
    }

    /// Per-run trend figures, pass rate and coverage computed by the database. The pass rate is the
    /// summary's: tests that ended passed (those passed on retry included) over the tests that ran
    /// (skipped tests and expected failures left out: the counts add up to `r.tests`).
    static func trend(_ window: HistoryWindow) -> SQLStatement {
        let ids = runIDs(window)
        return SQLStatement(
            sql: """
                SELECT r.run_key, r.commit_sha, r.branch, r.started_at, r.tests, r.passed, r.failed, r.flaky, r.skipped, \
                CAST(r.passed + r.flaky AS DOUBLE PRECISION) / NULLIF(r.passed + r.flaky + r.failed, 0), r.duration, r.audit_issues, \
                CAST(c.identified AS DOUBLE PRECISION) / NULLIF(c.interactive, 0), \
                (SELECT COUNT(*) FROM audit_issues a WHERE a.run_id = r.id AND a.severity = 'error') \
                FROM runs r LEFT JOIN coverage c ON c.run_id = r.id AND c.scope = 'overall' \
                WHERE r.id IN (\(ids.sql)) ORDER BY r.sort_time, r.id
                """,
            arguments: ids.arguments)
    }

    /// Failed tests per run and cause over `window`, as each run stored them (migration 12).
    static func trendCategories(_ window: HistoryWindow) -> SQLStatement {
        let ids = runIDs(window)
        return SQLStatement(
            sql: """
                SELECT r.run_key, c.value, x.tests FROM failed_test_causes x JOIN runs r ON r.id = x.run_id \
                JOIN strings c ON c.id = x.category_id WHERE x.run_id IN (\(ids.sql))
                """,
            arguments: ids.arguments)
    }
}
