import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// `beginStore` … `finish`, as `canopy run` stores: the same stored run as `store`, nothing at all
/// after `cancel`, and the store free again for other writers afterwards.
@Suite(TimingTests.hang) struct PendingStoreTests {
    /// A run with infrastructure failures (its tests are written, counted, at `finish`), audits,
    /// coverage and identifier nodes.
    static func run(key: String) -> (Run, RunDigest) {
        let scripted = (0..<150).map { index in
            RunFactory.ScriptedTest(
                className: "Staged\(index % 5)", name: "test\(index)()",
                outcomes: index % 3 == 0 ? [.failed, .passed] : [.passed],
                infrastructure: index % 9 == 0, identifier: "Screen.Element\(index % 11)")
        }
        return RunFactory.run(
            key: key, commit: "c1", night: 2, tests: scripted,
            auditIssues: [RunFactory.issue("contrast", "Screen.Element1")],
            coverage: [CoverageFigure(scope: .overall, name: "", interactive: 20, identified: 15)],
            nodes: [
                IdentifierNodeDigest(
                    path: "Screen.Element1", parent: "Screen", tests: 3, failed: 2, passedOnRetry: 1, auditIssues: 1,
                    auditErrors: 0)
            ])
    }

    /// Everything stored for the run under `key`.
    struct Stored: Equatable {
        var run: StoredRun?
        var tests: [TestRunRow]
        var failures: [FailureRow]
        var audits: [AuditIssue]
        var coverage: [CoverageFigure]
        var nodes: [IdentifierNodeDigest]

        /// Every column of the run's tests and attempts, then every stored test name, as text,
        /// read with SQL.
        var tables: [[String?]]

        init(_ store: any HistoryStore, key: String) async throws {
            run = try await store.run(key: key)
            tests = try await store.testRuns(runKey: key)
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: .all) { if $0.runKey == key { failures.append($0) } }
            self.failures = failures
            audits = try await store.auditIssues(runKey: key)
            coverage = try await store.coverage(runKey: key)
            nodes = try await store.identifierNodes(runKey: key)
            tables = []
            for (table, columns) in [(TestRows.table, TestRows.columns), (AttemptRows.table, AttemptRows.columns)] {
                let selected = columns.dropFirst().map { "CAST(\($0) AS TEXT)" }.joined(separator: ", ")
                let statement = SQLStatement(
                    sql:
                        "SELECT \(selected) FROM \(table) WHERE run_id = (SELECT id FROM runs WHERE run_key = ?) ORDER BY 1, 2",
                    arguments: [.text(key)])
                tables += try await Self.rows(statement, width: columns.count - 1, in: store)
            }
            let names = (["id"] + TestName.columns).map { "CAST(\($0) AS TEXT)" }.joined(separator: ", ")
            tables += try await Self.rows(
                SQLStatement(sql: "SELECT \(names) FROM \(TestName.table) ORDER BY id", arguments: []),
                width: TestName.columns.count + 1, in: store)
        }

        static func rows(_ statement: SQLStatement, width: Int, in store: any HistoryStore) async throws -> [[String?]]
        {
            var rows: [[String?]] = []
            if let sqlite = store as? SQLiteHistoryStore {
                try sqlite.forEach(statement) { row in rows.append(try (0..<width).map { try row.text($0) }) }
            } else if let postgres = store as? PostgresHistoryStore {
                try await postgres.withConnection { connection in
                    try await postgres.forEach(statement, on: connection) { row in
                        rows.append(try (0..<width).map { try row.text($0) })
                    }
                }
            }
            return rows
        }
    }

    @Test(arguments: StoreKind.available)
    func aStagedRunIsStoredAsAWholeOneIs(_ kind: StoreKind) async throws {
        let (run, digest) = Self.run(key: "staged-1")
        let whole = try await TestStore.make(kind).with { store async throws in
            #expect(try await store.store(run, digest: digest) == .inserted)
            return try await Stored(store, key: "staged-1")
        }
        let staged = try await TestStore.make(kind).with { store async throws in
            let pending = store.beginStore(run)
            try await Task.sleep(nanoseconds: 50_000_000)  // the run's own rows are written meanwhile
            #expect(try await store.run(key: "staged-1") == nil, "nothing is visible before the commit")
            #expect(
                try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
                    == .inserted)
            await pending.cancel()  // after finish: nothing happens
            return try await Stored(store, key: "staged-1")
        }
        #expect(staged == whole)
        // A row per test, the attempts of tests that ran more than once, a name per test.
        let retried = run.tests.filter { $0.attempts.count > 1 }
        #expect(staged.tables.count == 2 * run.tests.count + retried.map(\.attempts.count).reduce(0, +))
        #expect(staged.tables.contains { $0.contains("Staged1/test1") }, "the base key")
        #expect(staged.tests.contains { $0.infrastructureFailedAttempts > 0 })
        #expect(!staged.failures.isEmpty && !staged.audits.isEmpty && !staged.coverage.isEmpty && !staged.nodes.isEmpty)
        #expect(staged.tests.count == run.tests.count)
    }

    /// Names and strings a run shares with a stored one keep their ids; the new ones are added
    /// once each, however many rows name them.
    @Test(arguments: StoreKind.available)
    func aStagedRunFindsStoredNamesAndAddsNewOnesOnce(_ kind: StoreKind) async throws {
        func run(_ key: String, tests: Range<Int>) -> (Run, RunDigest) {
            RunFactory.run(
                key: key, commit: key, night: 1,
                tests: tests.map { index in
                    RunFactory.ScriptedTest(
                        className: "Shared\(index % 2)", name: "test\(index)()", outcomes: [.failed, .passed],
                        identifier: "Screen.Element\(index % 3)")
                })
        }
        let (first, firstDigest) = run("names-1", tests: 0..<6)
        let (second, secondDigest) = run("names-2", tests: 3..<9)
        try await TestStore.make(kind).with { store async throws in
            #expect(try await store.store(first, digest: firstDigest) == .inserted)
            let pending = store.beginStore(second)
            #expect(
                try await pending.finish(
                    digest: secondDigest, testRows: TestRunRow.rows(for: second, digest: secondDigest))
                    == .inserted)
            let names = try await Stored.rows(
                SQLStatement(sql: "SELECT test_key, CAST(id AS TEXT) FROM test_names ORDER BY test_key", arguments: []),
                width: 2, in: store)
            let keys = Set((first.tests + second.tests).map(\.identity.key))
            #expect(names.map { $0[0] } == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            let ids = Dictionary(uniqueKeysWithValues: names.map { ($0[0]!, $0[1]!) })
            for (key, tests) in [("names-1", first.tests), ("names-2", second.tests)] {
                let stored = try await Stored.rows(
                    SQLStatement(
                        sql: """
                            SELECT CAST(t.name_id AS TEXT) FROM tests t JOIN runs r ON r.id = t.run_id \
                            WHERE r.run_key = ? ORDER BY t.test_index
                            """, arguments: [.text(key)]), width: 1, in: store)
                #expect(stored.map { $0[0] } == tests.map { ids[$0.identity.key] })
                #expect(
                    try await store.testRuns(runKey: key).map(\.testKey).sorted() == tests.map(\.identity.key).sorted())
            }
            // Every failure names one category, fingerprints and messages repeat: each string is stored once.
            let strings = try await Stored.rows(
                SQLStatement(sql: "SELECT value FROM strings ORDER BY value", arguments: []), width: 1, in: store)
            let expected = (firstDigest.failures + secondDigest.failures).flatMap {
                [$0.category, $0.fingerprint, $0.normalizedMessage] + ($0.identifier.map { [$0] } ?? [])
            }
            // Migration 12 adds `unknown`, the cause of a failed test without a failure.
            #expect(strings.map { $0[0]! }.sorted() == Set(expected + ["unknown"]).sorted())
        }
    }

    @Test(arguments: StoreKind.available)
    func aCancelledRunLeavesNothingAndTheStoreWritable(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.run(key: "cancelled-1")
            let pending = store.beginStore(run)
            try await Task.sleep(nanoseconds: 50_000_000)
            await pending.cancel()
            #expect(try await store.run(key: "cancelled-1") == nil)
            #expect(try await store.testRuns(runKey: "cancelled-1").isEmpty)
            await #expect(throws: (any Error).self) {
                try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
            }
            // The writer is free: the same run stores whole, and a dropped pending run releases it too.
            let droppedRun = Self.run(key: "dropped-1").0
            var dropped: (any PendingStore)? = store.beginStore(droppedRun)
            try await Task.sleep(nanoseconds: 50_000_000)
            if kind == .postgres {
                #expect(
                    try await Self.openTransactions(1, in: store, waitingUpTo: 10) == 1,
                    "the dropped run waits for its analysis first")
            }
            dropped = nil
            _ = dropped
            // SQLite: the store below would wait for the writer forever. PostgreSQL takes another
            // connection, so the staged one is checked itself: its transaction must end.
            if kind == .postgres { #expect(try await Self.openTransactions(0, in: store, waitingUpTo: 5) == 0) }
            #expect(try await store.store(run, digest: digest) == .inserted)
            #expect(try await store.run(key: "dropped-1") == nil)
            #expect(try await store.testRuns(runKey: "cancelled-1").count == run.tests.count)
        }
    }

    /// PostgreSQL sessions of the store's database, other than the asking one, idle inside a transaction.
    static func openTransactions(in store: any HistoryStore) async throws -> Int {
        let statement = SQLStatement(
            sql:
                "SELECT CAST(count(*) AS TEXT) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'",
            arguments: [])
        let rows = try await Stored.rows(statement, width: 1, in: store)
        return try #require(rows.first?.first.flatMap { $0 }.flatMap { Int($0) })
    }

    /// Polls until `count` such sessions are left, for up to `seconds`; the last count seen (-1: the
    /// polling connection itself was lost, as after terminating every backend).
    static func openTransactions(_ count: Int, in store: any HistoryStore, waitingUpTo seconds: Int) async throws -> Int
    {
        var open = (try? await openTransactions(in: store)) ?? -1
        for _ in 0..<(seconds * 10) where open != count {
            try await Task.sleep(nanoseconds: 100_000_000)
            open = (try? await openTransactions(in: store)) ?? -1
        }
        return open
    }

    @Test(arguments: StoreKind.available)
    func aStagedRunAlreadyStoredChangesNothing(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.run(key: "twice-1")
            #expect(try await store.store(run, digest: digest) == .inserted)
            let before = try await Stored(store, key: "twice-1")
            let pending = store.beginStore(run)
            #expect(
                try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
                    == .alreadyStored)
            #expect(try await Stored(store, key: "twice-1") == before)
        }
    }

    /// On SQLite the other writer waits for the staged run's commit (the write lock is held from
    /// `beginStore`); on PostgreSQL it does not have to. Both runs are stored either way.
    @Test(arguments: StoreKind.available)
    func anotherWriterIsStoredBesideAStagedRun(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let store = try await test.open()
        let other = try await test.open()
        let (run, digest) = Self.run(key: "first-1")
        let (second, secondDigest) = Self.run(key: "second-1")
        let pending = store.beginStore(run)
        try await Task.sleep(nanoseconds: 50_000_000)
        let otherDone = Handoff<Bool>()
        let otherResult = Task {
            defer { otherDone.put(true) }
            return try await other.store(second, digest: secondDigest)
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        if kind == .sqlite { #expect(!otherDone.isPut, "the other writer waits for the write lock") }
        #expect(
            try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest)) == .inserted)
        #expect(try await otherResult.value == .inserted)
        #expect(try await store.runs(in: .all).map(\.key).sorted() == ["first-1", "second-1"])
        await other.close()
        await store.close()
        await test.remove()
    }
}
