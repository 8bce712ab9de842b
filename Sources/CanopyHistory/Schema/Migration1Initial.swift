extension HistoryMigration {
    /// Version 1: runs, tests, attempts, failures, identifier nodes, audit issues, coverage.
    /// Never edited: a change to the schema is a new migration.
    static let v1Initial = HistoryMigration(
        version: 1, name: "initial",
        statements: [
            """
            CREATE TABLE runs (
              id {ID},
              run_key TEXT NOT NULL UNIQUE,
              commit_sha TEXT, branch TEXT, pull_request TEXT, ci_provider TEXT, build_id TEXT, build_url TEXT,
              ci_attempt INTEGER, device TEXT, os_version TEXT, title TEXT,
              started_at {REAL}, finished_at {REAL}, sort_time {REAL} NOT NULL, ingested_at {REAL} NOT NULL,
              tests INTEGER NOT NULL, attempts INTEGER NOT NULL, passed INTEGER NOT NULL, failed INTEGER NOT NULL,
              skipped INTEGER NOT NULL, flaky INTEGER NOT NULL, elements INTEGER NOT NULL,
              identified_elements INTEGER NOT NULL, audit_issues INTEGER NOT NULL, screens INTEGER NOT NULL,
              duration {REAL} NOT NULL
            )
            """,
            "CREATE INDEX runs_branch_time ON runs (branch, sort_time)",
            "CREATE INDEX runs_time ON runs (sort_time)",
            """
            CREATE TABLE tests (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              test_index INTEGER NOT NULL, test_key TEXT NOT NULL, base_key TEXT NOT NULL,
              class_name TEXT NOT NULL, name TEXT NOT NULL, device TEXT, configuration TEXT,
              outcome TEXT NOT NULL, attempts INTEGER NOT NULL, failed_attempts INTEGER NOT NULL,
              infra_failed_attempts INTEGER NOT NULL, duration {REAL},
              PRIMARY KEY (run_id, test_index)
            )
            """,
            "CREATE INDEX tests_key_run ON tests (test_key, run_id)",
            "CREATE INDEX tests_failing ON tests (run_id, test_key) WHERE failed_attempts > 0",
            """
            CREATE TABLE attempts (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              test_index INTEGER NOT NULL, attempt_index INTEGER NOT NULL,
              outcome TEXT NOT NULL, duration {REAL}, label TEXT,
              PRIMARY KEY (run_id, test_index, attempt_index)
            )
            """,
            """
            CREATE TABLE failures (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              ordinal INTEGER NOT NULL, test_key TEXT NOT NULL, attempt_index INTEGER NOT NULL,
              category TEXT NOT NULL, is_infrastructure INTEGER NOT NULL, fingerprint TEXT NOT NULL,
              normalized_message TEXT NOT NULL, identifier TEXT,
              PRIMARY KEY (run_id, ordinal)
            )
            """,
            "CREATE INDEX failures_category ON failures (run_id, category)",
            "CREATE INDEX failures_fingerprint ON failures (fingerprint)",
            """
            CREATE TABLE identifier_nodes (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              path TEXT NOT NULL, tests INTEGER NOT NULL, failures INTEGER NOT NULL,
              flaky_tests INTEGER NOT NULL, audit_issues INTEGER NOT NULL,
              PRIMARY KEY (run_id, path)
            )
            """,
            """
            CREATE TABLE audit_issues (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              ordinal INTEGER NOT NULL, audit_type TEXT NOT NULL, severity TEXT NOT NULL,
              compact_description TEXT NOT NULL, detailed_description TEXT,
              element_identifier TEXT, element_label TEXT, element_type TEXT,
              screen TEXT, test_key TEXT, origin TEXT NOT NULL, source TEXT NOT NULL,
              PRIMARY KEY (run_id, ordinal)
            )
            """,
            """
            CREATE TABLE coverage (
              run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
              scope TEXT NOT NULL, name TEXT NOT NULL, interactive INTEGER NOT NULL, identified INTEGER NOT NULL,
              PRIMARY KEY (run_id, scope, name)
            )
            """,
        ])
}
