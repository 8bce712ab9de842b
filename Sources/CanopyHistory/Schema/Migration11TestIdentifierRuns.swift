extension HistoryMigration {
    /// Version 11: every run that touched each identifier template with each test
    /// (`test_identifier_runs`), so that pruning a run leaves the `test_identifiers` rows a kept run
    /// justifies, naming the latest kept run that touched them (`docs/history-and-flakiness.md`,
    /// "Layout and size"). A row is three small integers, clustered on the pair; the index on
    /// `run_id` serves the cascade when a run is deleted.
    ///
    /// `test_identifiers` names the latest run by the runs' order in time (`sort_time`, then id),
    /// not the latest stored: a back-filled older run never becomes a pair's last run. An existing
    /// store starts from what it knows (each pair's last run and every stored failure's
    /// identifier), and its rows are set to the latest of those runs.
    static let v11TestIdentifierRuns = HistoryMigration(
        version: 11, name: "test-identifier-runs",
        statements: [
            """
            CREATE TABLE test_identifier_runs (
              identifier_id INTEGER NOT NULL, name_id INTEGER NOT NULL,
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              PRIMARY KEY (identifier_id, name_id, run_id)
            ){WITHOUT_ROWID}
            """,
            "CREATE INDEX test_identifier_runs_run ON test_identifier_runs (run_id)",
            """
            INSERT INTO test_identifier_runs (identifier_id, name_id, run_id)
            SELECT identifier_id, name_id, last_run_id FROM test_identifiers
            WHERE last_run_id IN (SELECT id FROM runs)
            UNION
            SELECT identifier_id, name_id, run_id FROM failures WHERE identifier_id IS NOT NULL
            """,
            """
            UPDATE test_identifiers SET last_run_id = (
              SELECT tr.run_id FROM test_identifier_runs tr JOIN runs r ON r.id = tr.run_id
              WHERE tr.identifier_id = test_identifiers.identifier_id AND tr.name_id = test_identifiers.name_id
              ORDER BY r.sort_time DESC, r.id DESC LIMIT 1)
            WHERE EXISTS (
              SELECT 1 FROM test_identifier_runs tr
              WHERE tr.identifier_id = test_identifiers.identifier_id AND tr.name_id = test_identifiers.name_id)
            """,
        ])
}
