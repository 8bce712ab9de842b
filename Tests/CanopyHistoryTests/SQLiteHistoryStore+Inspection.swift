import GRDB

@testable import CanopyHistory

/// Reads of a SQLite store that only tests make: its integrity, pragmas, indexes, raw SQL.
extension SQLiteHistoryStore {
    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    package func integrityCheck() throws -> String {
        try pool.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } ?? "no answer"
    }

    /// Runs whose stored test rows do not match their totals: a partial run, which one
    /// transaction per run must make impossible.
    package func partialRuns() throws -> [String] {
        try pool.read {
            try String.fetchAll(
                $0,
                sql: """
                    SELECT r.run_key FROM runs r LEFT JOIN tests t ON t.run_id = r.id
                    GROUP BY r.id, r.run_key, r.tests HAVING COUNT(t.test_index) <> r.tests
                    """)
        }
    }

    /// The value of a pragma (`journal_mode`, `busy_timeout`), read on the writer connection.
    func pragma(_ name: String) throws -> String? {
        try pool.write { try String.fetchOne($0, sql: "PRAGMA \(name)") }
    }

    /// The value of a pragma on a reader connection.
    func readerPragma(_ name: String) throws -> String? {
        try pool.read { try String.fetchOne($0, sql: "PRAGMA \(name)") }
    }

    /// Names of Canopy's indexes.
    func indexNames() throws -> [String] {
        try pool.read {
            try String.fetchAll(
                $0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
        }
    }

    /// Executes raw SQL.
    func execute(_ sql: String) throws {
        try pool.write { try $0.execute(sql: sql) }
    }
}
