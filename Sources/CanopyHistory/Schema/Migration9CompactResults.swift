extension HistoryMigration {
    /// Version 9: a test result is a few small integers, and every string a result repeats is
    /// stored once (`docs/history-store.md`, "Layout").
    ///
    /// - `test_names` holds each test key once, with the parts of its identity; `tests` refers to
    ///   it by `name_id`. `tests` is clustered on `(run_id, name_id)` (SQLite `WITHOUT ROWID`),
    ///   so a run's results are written at the end of the table whatever the history holds, and
    ///   read by run or by run and test without another index. Its outcome is a small integer
    ///   (`StoredOutcome`: 0 passed, 1 failed, 2 skipped, 3 flaky) and its duration whole
    ///   microseconds (`duration_us`, NULL unknown).
    /// - `strings` holds each failure's category, fingerprint, normalised message and identifier
    ///   once; `failures` refers to them by id and to its test by `name_id`. A failure's message as
    ///   the run read it stays in the row: it carries the run's own numbers.
    /// - `attempts` keeps the attempts of tests that ran more than once; a test's single attempt
    ///   is its `tests` row.
    ///
    /// Existing rows move in place: names and strings first, then each table is copied into its
    /// new layout, the old one dropped and the new one renamed. Durations are rounded to the
    /// microsecond (`TestCase.duration`'s precision: as fine as producers write them).
    static let v9CompactResults = HistoryMigration(
        version: 9, name: "compact-results",
        statements: [
            """
            CREATE TABLE test_names (
              id {ID}, test_key TEXT NOT NULL UNIQUE, base_key TEXT NOT NULL, class_name TEXT NOT NULL,
              name TEXT NOT NULL, device TEXT, configuration TEXT
            )
            """,
            """
            INSERT INTO test_names (test_key, base_key, class_name, name, device, configuration)
            SELECT test_key, MIN(base_key), MIN(class_name), MIN(name), MIN(device), MIN(configuration)
            FROM tests GROUP BY test_key ORDER BY test_key
            """,
            // A failure of a test the run did not list (no producer writes one) keeps its key.
            """
            INSERT INTO test_names (test_key, base_key, class_name, name)
            SELECT DISTINCT f.test_key, f.test_key, '', f.test_key FROM failures f
            WHERE NOT EXISTS (SELECT 1 FROM test_names n WHERE n.test_key = f.test_key)
            """,
            """
            CREATE TABLE tests_compact (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              name_id INTEGER NOT NULL, test_index INTEGER NOT NULL, outcome SMALLINT NOT NULL,
              attempts INTEGER NOT NULL, failed_attempts INTEGER NOT NULL, infra_failed_attempts INTEGER NOT NULL,
              duration_us BIGINT,
              PRIMARY KEY (run_id, name_id)
            ){WITHOUT_ROWID}
            """,
            // Two rows of one key in a run (which no writer stores) keep the first.
            """
            INSERT INTO tests_compact (run_id, name_id, test_index, outcome, attempts, failed_attempts,
              infra_failed_attempts, duration_us)
            SELECT t.run_id, n.id, t.test_index,
              CASE t.outcome WHEN 'passed' THEN 0 WHEN 'failed' THEN 1 WHEN 'skipped' THEN 2 WHEN 'flaky' THEN 3 ELSE -1 END,
              t.attempts, t.failed_attempts, t.infra_failed_attempts, CAST(ROUND(t.duration * 1000000) AS BIGINT)
            FROM tests t JOIN test_names n ON n.test_key = t.test_key WHERE 1 = 1 ORDER BY t.run_id, t.test_index
            ON CONFLICT DO NOTHING
            """,
            """
            DELETE FROM attempts WHERE NOT EXISTS (
              SELECT 1 FROM tests t WHERE t.run_id = attempts.run_id AND t.test_index = attempts.test_index AND t.attempts > 1)
            """,
            "DROP TABLE tests",
            "ALTER TABLE tests_compact RENAME TO tests",
            // `failed_attempts`, which the index's own condition names, makes it covering for SQLite
            // (without ANALYZE) when the flakiness read looks for a window's failing tests.
            "CREATE INDEX tests_failing_names ON tests (run_id, name_id, failed_attempts) WHERE failed_attempts > 0",
            "CREATE TABLE strings (id {ID}, value TEXT NOT NULL UNIQUE)",
            """
            INSERT INTO strings (value)
            SELECT category FROM failures UNION SELECT fingerprint FROM failures
            UNION SELECT normalized_message FROM failures UNION SELECT identifier FROM failures WHERE identifier IS NOT NULL
            """,
            """
            CREATE TABLE failures_compact (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              ordinal INTEGER NOT NULL, name_id INTEGER NOT NULL, attempt_index INTEGER NOT NULL,
              category_id INTEGER NOT NULL, is_infrastructure INTEGER NOT NULL, fingerprint_id INTEGER NOT NULL,
              normalized_message_id INTEGER NOT NULL, identifier_id INTEGER, message TEXT,
              PRIMARY KEY (run_id, ordinal)
            ){WITHOUT_ROWID}
            """,
            """
            INSERT INTO failures_compact (run_id, ordinal, name_id, attempt_index, category_id, is_infrastructure,
              fingerprint_id, normalized_message_id, identifier_id, message)
            SELECT f.run_id, f.ordinal, n.id, f.attempt_index, c.id, f.is_infrastructure, p.id, m.id, i.id, f.message
            FROM failures f JOIN test_names n ON n.test_key = f.test_key JOIN strings c ON c.value = f.category
            JOIN strings p ON p.value = f.fingerprint JOIN strings m ON m.value = f.normalized_message
            LEFT JOIN strings i ON i.value = f.identifier
            """,
            "DROP TABLE failures",
            "ALTER TABLE failures_compact RENAME TO failures",
        ])
}
