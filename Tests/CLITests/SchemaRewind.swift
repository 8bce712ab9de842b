/// Python (sqlite3, the connection named `db`) that puts a store written by this build back to
/// schema 8's layout, as a build before migration 9 left it: test results and failures with their
/// keys and strings inline, no `test_names`, `strings`, `test_identifiers`,
/// `test_identifier_runs`, `failed_test_causes` or `test_metrics`, migrations 9 to 13 not applied.
/// The attempts of tests that ran once stay absent; no reader reads attempts.
enum SchemaRewind {
    static let toSchema8 = """
        db.execute("DROP TABLE test_metrics")
        db.execute("DELETE FROM grdb_migrations WHERE identifier = '13-test-metrics'")
        db.execute("DROP TABLE failed_test_causes")
        db.execute("DELETE FROM grdb_migrations WHERE identifier = '12-failed-tests'")
        db.execute("DROP TABLE test_identifier_runs")
        db.execute("DELETE FROM grdb_migrations WHERE identifier = '11-test-identifier-runs'")
        db.execute("DROP TABLE test_identifiers")
        db.execute("DELETE FROM grdb_migrations WHERE identifier = '10-test-identifiers'")
        db.execute('''CREATE TABLE tests_old AS SELECT t.run_id, t.test_index, n.test_key, n.base_key,
          n.class_name, n.name, n.device, n.configuration,
          CASE t.outcome WHEN 0 THEN 'passed' WHEN 1 THEN 'failed' WHEN 2 THEN 'skipped' ELSE 'flaky' END AS outcome,
          t.attempts, t.failed_attempts, t.infra_failed_attempts, t.duration_us / 1000000.0 AS duration
          FROM tests t JOIN test_names n ON n.id = t.name_id''')
        db.execute('''CREATE TABLE failures_old AS SELECT f.run_id, f.ordinal, n.test_key, f.attempt_index,
          c.value AS category, f.is_infrastructure, p.value AS fingerprint, m.value AS normalized_message,
          i.value AS identifier, f.message FROM failures f JOIN test_names n ON n.id = f.name_id
          JOIN strings c ON c.id = f.category_id JOIN strings p ON p.id = f.fingerprint_id
          JOIN strings m ON m.id = f.normalized_message_id LEFT JOIN strings i ON i.id = f.identifier_id''')
        for table in ["tests", "failures", "test_names", "strings"]:
            db.execute("DROP TABLE " + table)
            if table in ("tests", "failures"):
                db.execute("ALTER TABLE %s_old RENAME TO %s" % (table, table))
        db.execute("DELETE FROM grdb_migrations WHERE identifier = '9-compact-results'")
        """
}
