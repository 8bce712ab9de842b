extension HistoryMigration {
    /// Version 2: indexes the flakiness query reads without touching the table.
    ///
    /// The partial index of failing tests carries `failed_attempts`, which its own WHERE names, so
    /// SQLite (without ANALYZE) takes it as covering and finds the window's failing tests from the
    /// index instead of reading every test row of the window; and the test-key index carries every
    /// column the query reads, so each row of those tests comes from the index, not from a random
    /// read of the table. Each replaces the index it extends (`tests_failing`, `tests_key_run`).
    static let v2FlakinessIndexes = HistoryMigration(
        version: 2, name: "flakiness-indexes",
        statements: [
            "CREATE INDEX tests_failing_keys ON tests (run_id, test_key, failed_attempts) WHERE failed_attempts > 0",
            "DROP INDEX tests_failing",
            """
            CREATE INDEX tests_key_cover ON tests (test_key, run_id, device, outcome, attempts, failed_attempts, \
            infra_failed_attempts, duration)
            """,
            "DROP INDEX tests_key_run",
        ])
}
