extension HistoryMigration {
    /// Version 13: the XCTMetric measurements of each run (`test_metrics`), one row per test,
    /// attempt and metric (`docs/history-and-flakiness.md`, "Layout and size").
    ///
    /// The test's `name_id` names its device and configuration when the run had several (the
    /// run's `device` otherwise); the metric's identifier, name, unit and baseline name are
    /// `strings`. `measurements` packs the values as little-endian IEEE 754 doubles, 8 bytes each,
    /// in the order taken: one row holds a run's measurements of a metric, never a row per value.
    /// `polarity` is 0 (prefers smaller), 1 (prefers larger) or NULL; the thresholds are the
    /// producer's, NULL when not stated. Rows cascade with their run, so pruning a run removes them.
    /// A store migrated from an earlier version has none: no earlier version kept them.
    static let v13TestMetrics = HistoryMigration(
        version: 13, name: "test-metrics",
        statements: [
            """
            CREATE TABLE test_metrics (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              name_id INTEGER NOT NULL, attempt_index INTEGER NOT NULL, ordinal INTEGER NOT NULL,
              metric_id INTEGER NOT NULL, display_name_id INTEGER, unit_id INTEGER, polarity INTEGER,
              measurements {BLOB} NOT NULL,
              baseline_name_id INTEGER, baseline_average {REAL}, max_regression {REAL},
              max_percent_regression {REAL}, max_standard_deviation {REAL},
              max_percent_relative_standard_deviation {REAL},
              PRIMARY KEY (run_id, name_id, attempt_index, ordinal)
            ){WITHOUT_ROWID}
            """
        ])
}
