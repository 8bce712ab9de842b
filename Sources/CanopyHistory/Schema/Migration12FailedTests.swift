extension HistoryMigration {
    /// Version 12: a run's failure figures count failed tests, never failure messages
    /// (`docs/history-and-flakiness.md`, "Layout and size").
    ///
    /// - `failed_test_causes` holds each run's failed tests by cause (`FailedTestCause`: each
    ///   failed test once, under the category of its last attempt's first failure, `unknown`
    ///   without one), which the trend's by-cause series reads: a run's causes add up to its failed
    ///   tests. A row is three small integers, clustered on the run.
    /// - `identifier_nodes.failures` holds the distinct failed tests with a failure on the node's
    ///   branch (it held their failure messages).
    ///
    /// An existing store's runs get both from their stored tests and failures: the cause is the
    /// failure with the highest attempt, the first of that attempt in the run's order; a node's
    /// failed tests are those whose failures name the node or a node under it (its descendants by
    /// `parent`; a node stored before schema 3 has none, and kept its own figures).
    static let v12FailedTests = HistoryMigration(
        version: 12, name: "failed-tests",
        statements: [
            """
            CREATE TABLE failed_test_causes (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              category_id INTEGER NOT NULL, tests INTEGER NOT NULL,
              PRIMARY KEY (run_id, category_id)
            ){WITHOUT_ROWID}
            """,
            "INSERT INTO strings (value) SELECT 'unknown' WHERE NOT EXISTS (SELECT 1 FROM strings WHERE value = 'unknown')",
            """
            INSERT INTO failed_test_causes (run_id, category_id, tests)
            SELECT picked.run_id, picked.category_id, COUNT(*) FROM (
              SELECT t.run_id, COALESCE(c.category_id, u.id) AS category_id
              FROM tests t JOIN strings u ON u.value = 'unknown'
              LEFT JOIN (
                SELECT f.run_id, f.name_id, f.category_id, ROW_NUMBER() OVER (
                  PARTITION BY f.run_id, f.name_id ORDER BY f.attempt_index DESC, f.ordinal) AS position
                FROM failures f
              ) c ON c.run_id = t.run_id AND c.name_id = t.name_id AND c.position = 1
              WHERE t.outcome = 1
            ) picked GROUP BY picked.run_id, picked.category_id
            """,
            """
            CREATE TABLE node_failed_tests (
              run_id BIGINT NOT NULL, path TEXT NOT NULL, tests INTEGER NOT NULL, PRIMARY KEY (run_id, path)
            ){WITHOUT_ROWID}
            """,
            """
            WITH RECURSIVE hit (run_id, path, name_id) AS (
              SELECT DISTINCT f.run_id, i.value, f.name_id FROM failures f JOIN strings i ON i.id = f.identifier_id
              JOIN tests t ON t.run_id = f.run_id AND t.name_id = f.name_id WHERE t.outcome = 1
              UNION
              SELECT h.run_id, n.parent, h.name_id FROM hit h
              JOIN identifier_nodes n ON n.run_id = h.run_id AND n.path = h.path WHERE n.parent IS NOT NULL
            )
            INSERT INTO node_failed_tests (run_id, path, tests)
            SELECT run_id, path, COUNT(DISTINCT name_id) FROM hit GROUP BY run_id, path
            """,
            """
            UPDATE identifier_nodes SET failures = COALESCE((
              SELECT x.tests FROM node_failed_tests x
              WHERE x.run_id = identifier_nodes.run_id AND x.path = identifier_nodes.path), 0)
            WHERE failures > 0
            """,
            "DROP TABLE node_failed_tests",
        ])
}
