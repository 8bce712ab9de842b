extension HistoryMigration {
    /// Version 10: which tests touched which identifier template, and the last run that saw it
    /// (`docs/history-and-flakiness.md`, "Layout and size"). One row per template and test, whatever the number of
    /// runs: a stored run upserts its pairs (`TestIdentifierRows`). `canopy affected` reads it.
    /// Migration 11 adds every run that touched a pair, which pruning recomputes the last run from.
    ///
    /// An existing store starts from what it already knows: the identifier of every stored failure,
    /// with the test that failed on it and its latest run.
    static let v10TestIdentifiers = HistoryMigration(
        version: 10, name: "test-identifiers",
        statements: [
            """
            CREATE TABLE test_identifiers (
              identifier_id INTEGER NOT NULL, name_id INTEGER NOT NULL, last_run_id BIGINT NOT NULL,
              PRIMARY KEY (identifier_id, name_id)
            ){WITHOUT_ROWID}
            """,
            """
            INSERT INTO test_identifiers (identifier_id, name_id, last_run_id)
            SELECT identifier_id, name_id, MAX(run_id) FROM failures WHERE identifier_id IS NOT NULL
            GROUP BY identifier_id, name_id ORDER BY identifier_id, name_id
            """,
        ])
}
