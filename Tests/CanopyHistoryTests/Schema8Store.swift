import CanopyHistoryTestSupport
import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// A store as schema 8's code left it: migrations 1 to 8 applied, in order, and runs written in
/// schema 8's layout — each test row with its key, class, name and outcome as text, a row per
/// attempt, each failure with its strings inline. The rows are generated from runs here, as
/// schema 8's writer generated them; the tables the compact layout did not change are written by
/// today's records.
enum Schema8Store {
    static let version = 8

    /// A new store at schema 8 holding `runs`.
    static func make(_ kind: StoreKind, runs: [(Run, RunDigest)]) async throws -> TestStore {
        let test = try await TestStore.make(kind)
        var statements: [String] = []
        for migration in HistoryMigration.all.prefix(version) {
            statements += migration.sql(for: kind == .sqlite ? .sqlite : .postgres)
            statements.append(
                kind == .sqlite
                    ? "INSERT INTO grdb_migrations (identifier) VALUES ('\(SQLiteHistoryStore.identifier(migration))')"
                    : "INSERT INTO canopy_migrations (version, name, applied_at) VALUES (\(migration.version), '\(migration.name)', 0)"
            )
        }
        for (run, digest) in runs { statements += rows(run, digest: digest) }
        let bookkeeping =
            test.kind == .sqlite
            ? "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"
            : """
            CREATE TABLE canopy_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, \
            applied_at DOUBLE PRECISION NOT NULL)
            """
        try await execute([bookkeeping] + statements, on: test)
        return test
    }

    /// Runs `statements` on the store in one transaction, without opening it as a store (which
    /// would migrate it), and removes `migrations` from its bookkeeping: the store is then as a
    /// build before them left it.
    static func execute(_ statements: [String], on test: TestStore, forgetting migrations: [HistoryMigration] = [])
        async throws
    {
        let forget = migrations.map {
            test.kind == .sqlite
                ? "DELETE FROM grdb_migrations WHERE identifier = '\(SQLiteHistoryStore.identifier($0))'"
                : "DELETE FROM canopy_migrations WHERE version = \($0.version)"
        }
        switch test.kind {
        case .sqlite:
            let directory = URL(fileURLWithPath: test.location).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: test.location)
            try await queue.write { db in
                for sql in statements + forget { try db.execute(sql: sql) }
            }
            try queue.close()
        case .postgres:
            let address = try PostgresAddress(url: test.location)
            try await PostgresHistoryStore.administer(address, statements: ["BEGIN"] + statements + forget + ["COMMIT"])
        }
    }

    /// The statements schema 8's writer ran for one run.
    static func rows(_ run: Run, digest: RunDigest) -> [String] {
        let batch = try! IngestBatch(run: run, digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
        let runID = "(SELECT id FROM runs WHERE run_key = \(literal(.text(batch.key))))"
        var statements = [
            "INSERT INTO runs (\(RunRecord.columns.joined(separator: ", "))) VALUES (\(batch.run.values.map(literal).joined(separator: ", ")))"
        ]
        func insert(_ table: String, _ columns: [String], _ values: [SQLValue]) {
            statements.append(
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(runID), \(values.map(literal).joined(separator: ", ")))"
            )
        }
        let testRows = TestRunRow.rows(for: run, digest: digest)
        for (index, (test, row)) in zip(run.tests, testRows).enumerated() {
            let identity = test.identity
            insert(
                "tests",
                [
                    "run_id", "test_index", "test_key", "base_key", "class_name", "name", "device", "configuration",
                    "outcome", "attempts", "failed_attempts", "infra_failed_attempts", "duration",
                ],
                // Schema 8 wrote a test passed on retry's outcome as `flaky`.
                [
                    .int(index), .text(row.testKey),
                    .text(String(decoding: row.testKey.utf8.prefix(identity.testKeyUTF8Count), as: UTF8.self)),
                    .text(identity.className), .text(identity.name), text(identity.device),
                    text(identity.configuration), .text(row.outcome == .flaky ? "flaky" : row.outcome.rawValue),
                    .int(row.attempts),
                    .int(row.failedAttempts), .int(row.infrastructureFailedAttempts),
                    row.duration.map(SQLValue.double) ?? .null,
                ])
            for (attemptIndex, attempt) in test.attempts.enumerated() {
                insert(
                    "attempts", ["run_id", "test_index", "attempt_index", "outcome", "duration", "label"],
                    [
                        .int(index), .int(attemptIndex), .text(attempt.outcome.rawValue),
                        attempt.duration.map(SQLValue.double) ?? .null, text(attempt.label),
                    ])
            }
        }
        for (ordinal, failure) in digest.failures.enumerated() {
            insert(
                "failures",
                [
                    "run_id", "ordinal", "test_key", "attempt_index", "category", "is_infrastructure", "fingerprint",
                    "normalized_message", "identifier", "message",
                ],
                [
                    .int(ordinal), .text(failure.testKey), .int(failure.attemptIndex), .text(failure.category),
                    .int(failure.isInfrastructure ? 1 : 0), .text(failure.fingerprint),
                    .text(failure.normalizedMessage),
                    text(failure.identifier), text(failure.message),
                ])
        }
        // The tables migration 9 left as they were, written by today's records.
        for table in batch.tables
        where ["audit_issues", "identifier_nodes", "coverage"].contains(table.name) {
            var values = SQLValueList()
            table.write(0..<table.count, ids: RowIDs(run: 0), to: &values)
            let width = table.columns.count
            for row in 0..<table.count {
                let rowValues = values.values[(row * width + 1)..<((row + 1) * width)]
                insert(table.name, table.columns, Array(rowValues))
            }
        }
        return statements
    }

    private static func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }

    /// `value` as an SQL literal both dialects read back exactly.
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .int(let int): String(int)
        case .double(let double):
            double.isFinite ? "\(double)" : (double.isNaN ? "'NaN'" : (double > 0 ? "'Infinity'" : "'-Infinity'"))
        case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob: preconditionFailure("schema 8 has no bytes column")
        }
    }
}
