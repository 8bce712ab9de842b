import Foundation

/// One versioned schema change, applied once per store in a transaction.
///
/// Migrations are never edited once they have landed: a change to the schema is a new migration
/// appended to `HistoryMigration.all` (GRDB's rule). Statements use tokens that each dialect
/// spells differently: `{ID}` (an auto-increment primary key), `{REAL}` (a double column), `{BLOB}`
/// (bytes: `BLOB`, `BYTEA`) and `{WITHOUT_ROWID}` (after a table clustered on its primary key: SQLite's `WITHOUT ROWID`;
/// nothing in PostgreSQL, whose tables are heaps).
///
/// SQLite runs every missing migration in one transaction with foreign keys on and no
/// whole-file check after it (`SQLiteHistoryStore.migrate`). A migration that drops and recreates
/// a table (SQLite's way to change a column) would need foreign keys off around that transaction,
/// or dropping `runs` would cascade to every row that refers to it; none does.
struct HistoryMigration: Sendable {
    var version: Int
    var name: String
    var statements: [String]

    /// The statements spelled for `dialect`.
    func sql(for dialect: SQLDialect) -> [String] {
        statements.map { statement in
            switch dialect {
            case .sqlite:
                statement.replacingOccurrences(of: "{ID}", with: "INTEGER PRIMARY KEY AUTOINCREMENT")
                    .replacingOccurrences(of: "{REAL}", with: "DOUBLE PRECISION")
                    .replacingOccurrences(of: "{WITHOUT_ROWID}", with: " WITHOUT ROWID")
                    .replacingOccurrences(of: "{BLOB}", with: "BLOB")
            case .postgres:
                statement.replacingOccurrences(of: "{ID}", with: "BIGSERIAL PRIMARY KEY")
                    .replacingOccurrences(of: "{REAL}", with: "DOUBLE PRECISION")
                    .replacingOccurrences(of: "{WITHOUT_ROWID}", with: "")
                    .replacingOccurrences(of: "{BLOB}", with: "BYTEA")
            }
        }
    }

    /// Every migration, in order. Append only.
    static let all: [HistoryMigration] = [
        .v1Initial, .v2FlakinessIndexes, .v3BaseBranchTree, .v4PartialRuns, .v5BranchCoverageInTree, .v6NumbersInRange,
        .v7FailureMessages, .v8Shards, .v9CompactResults, .v10TestIdentifiers, .v11TestIdentifierRuns,
        .v12FailedTests, .v13TestMetrics,
    ]

    /// The highest version this build knows.
    static var latestVersion: Int { all.last?.version ?? 0 }
}
