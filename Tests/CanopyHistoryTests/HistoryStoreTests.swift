import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// The shared store suite: every test runs on SQLite and, when configured, PostgreSQL.
@Suite struct HistoryStoreTests {
    static let checkout = RunFactory.ScriptedTest(
        className: "CheckoutTests", name: "testPay()", outcomes: [.failed, .passed], identifier: "Checkout.PayButton")

    static func sampleRun(key: String = "github-100-1", night: Double = 1) -> (Run, RunDigest) {
        RunFactory.run(
            key: key, commit: "abc123", night: night,
            tests: [
                checkout,
                .init(className: "LoginTests", name: "testLogin()", outcomes: [.passed]),
                .init(
                    className: "LoginTests", name: "testLogout()", outcomes: [.failed, .error],
                    identifier: "Login.Submit"),
                .init(className: "LoginTests", name: "testSkip()", outcomes: [.skipped]),
            ],
            auditIssues: [RunFactory.issue("contrast", "Checkout.PayButton")],
            coverage: [
                CoverageFigure(scope: .overall, name: "", interactive: 40, identified: 30),
                CoverageFigure(scope: .screen, name: "Checkout", interactive: 10, identified: 9),
            ],
            nodes: [
                IdentifierNodeDigest(
                    path: "Checkout", parent: nil, tests: 2, failed: 1, passedOnRetry: 1, auditIssues: 4, auditErrors: 2
                ),
                IdentifierNodeDigest(
                    path: "Checkout.PayButton", parent: "Checkout", tests: 1, failed: 1, passedOnRetry: 1,
                    auditIssues: 3, auditErrors: 1,
                    interactive: 2, identified: 1),
            ])
    }

    @Test(arguments: StoreKind.available)
    func textOfEveryShapeRoundTrips(_ kind: StoreKind) async throws {
        // SQLite binds text through its C API: empty, non-ASCII and long values come back as written.
        try await TestStore.make(kind).with { store async throws in
            // PostgreSQL receives rows as binary arrays; text that would be an escape or a marker in
            // COPY text or in an array literal (backslash, tab, newline, `\N`, `\.`, `NULL`, braces,
            // commas, quotes) must come back as written too.
            let names = [
                "", "testÜmlaut😀()", String(repeating: "long", count: 2_000), "quote'\"back\\slash",
                "tab\tnew\nline\r\n", "\\N", "\\.", "\\", "trailing\\", "\u{1}\u{7F}\u{2028}",
                "NULL", "{a,b}", "\"", "(1,)",
            ]
            let (run, digest) = RunFactory.run(
                key: "text-1", commit: "", night: 1,
                tests: names.map { .init(className: "Text·Tests", name: $0, outcomes: [.passed], device: nil) })
            #expect(try await store.store(run, digest: digest) == .inserted)
            let stored = try #require(try await store.run(key: "text-1"))
            #expect(stored.metadata.commit == "")
            let tests = try await store.testRuns(runKey: "text-1")
            #expect(tests.map(\.testKey) == run.tests.map(\.identity.key))
            #expect(tests.allSatisfy { $0.device == nil && $0.duration == 1.5 })
        }
    }

    @Test(arguments: StoreKind.available)
    func aRunLargerThanOneInsertComesBackWhole(_ kind: StoreKind) async throws {
        // PostgreSQL inserts `rowsPerInsert` tests per statement and SQLite resolves `stagedEntries`
        // names at a time: this run takes two of each, the second short.
        try await TestStore.make(kind).with { store async throws in
            let count = max(PostgresHistoryStore.rowsPerInsert, SQLiteHistoryStore.stagedEntries) + 5
            let scripted = (0..<count).map { index in
                RunFactory.ScriptedTest(
                    className: "Big\(index % 13)", name: "test\(index)()",
                    outcomes: index % 97 == 0 ? [.failed, .passed] : [.passed],
                    device: index % 2 == 0 ? "iPhone 16" : nil)
            }
            let (run, digest) = RunFactory.run(key: "big-1", commit: "c", night: 1, tests: scripted)
            #expect(try await store.store(run, digest: digest) == .inserted)
            #expect(try await store.testRuns(runKey: "big-1") == TestRunRow.rows(for: run, digest: digest))
        }
    }

    @Test(arguments: StoreKind.available)
    func aRunOfManyTestsComesBackInOrder(_ kind: StoreKind) async throws {
        // SQLite inserts many rows per statement and the rest one by one: 64 × 3 + 7 tests cross both.
        try await TestStore.make(kind).with { store async throws in
            let outcomes: [[Outcome]] = [
                [.passed], [.failed, .passed], [.skipped], [.failed, .error], [.error], [.expectedFailure],
            ]
            let scripted = (0..<199).map { index in
                RunFactory.ScriptedTest(
                    className: "Many\(index % 7)", name: "test\(index)()", outcomes: outcomes[index % outcomes.count],
                    infrastructure: index % 10 == 3, identifier: "Screen.Element\(index)",
                    device: index % 2 == 0 ? "iPhone 16" : nil)
            }
            let (run, digest) = RunFactory.run(key: "many-1", commit: "c", night: 1, tests: scripted)
            #expect(try await store.store(run, digest: digest) == .inserted)
            let stored = try await store.testRuns(runKey: "many-1")
            // The device is the test's own, in memory as in the store (the run's device is "iPhone 16" too).
            #expect(stored == TestRunRow.rows(for: run, digest: digest))
            #expect(stored.contains { $0.device == nil } && stored.contains { $0.device == "iPhone 16" })
            #expect(stored.map(\.infrastructureFailedAttempts).reduce(0, +) > 0)
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: .all) { failures.append($0) }
            #expect(failures.map(\.testKey) == digest.failures.map(\.testKey))
            #expect(failures.map(\.attemptIndex) == digest.failures.map(\.attemptIndex))
        }
    }

    @Test(arguments: StoreKind.available)
    func expectedFailuresComeBackApartAndOutOfThePassRate(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let scripted = [[Outcome.expectedFailure], [.passed], [.failed], [.expectedFailure], [.skipped]]
                .enumerated()
                .map { RunFactory.ScriptedTest(className: "X", name: "t\($0.offset)()", outcomes: $0.element) }
            let (run, digest) = RunFactory.run(key: "xfail-1", commit: "c", night: 1, tests: scripted)
            #expect(try await store.store(run, digest: digest) == .inserted)
            let stored = try #require(try await store.run(key: "xfail-1"))
            #expect(stored.totals == run.totals)
            #expect(stored.totals.expectedFailures == 2)
            let tests = try await store.testRuns(runKey: "xfail-1")
            #expect(tests.filter { $0.outcome == .expectedFailure }.count == 2)
            let point = try #require(try await store.trend(in: .all).first)
            #expect(point.passRate == 0.5)
        }
    }

    @Test(arguments: StoreKind.available)
    func storesARunAndReadsItBack(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.sampleRun()
            #expect(try await store.store(run, digest: digest) == .inserted)

            let stored = try #require(try await store.run(key: "github-100-1"))
            #expect(stored.metadata.commit == "abc123")
            #expect(stored.metadata.branch == "main")
            #expect(stored.metadata.ciProvider == "github")
            #expect(stored.metadata.buildURL == "https://ci.example/builds/github-100-1")
            #expect(stored.metadata.osVersion == "18.2")
            #expect(stored.metadata.startedAt == run.metadata.startedAt)
            #expect(stored.totals == run.totals)

            let tests = try await store.testRuns(runKey: "github-100-1")
            #expect(tests.map(\.testKey) == run.tests.map(\.identity.key))
            #expect(tests.map(\.outcome) == [.flaky, .passed, .failed, .skipped])
            #expect(tests[0].failedAttempts == 1)
            #expect(tests[2].attempts == 2)
            #expect(tests[2].failedAttempts == 2)

            #expect(try await store.auditIssues(runKey: "github-100-1") == run.auditIssues)
            #expect(Set(try await store.coverage(runKey: "github-100-1")) == Set(digest.coverage))
            #expect(try await store.identifierNodes(runKey: "github-100-1") == digest.identifierNodes)

            var failures: [FailureRow] = []
            try await store.forEachFailure(in: .all) { failures.append($0) }
            #expect(failures.count == 3)
            #expect(failures.map(\.identifier) == ["Checkout.PayButton", "Login.Submit", "Login.Submit"])
            #expect(failures.allSatisfy { $0.category == "elementNotFound" && !$0.isInfrastructure })
            // The run's failures come back whole and in order, normalised and real messages included.
            #expect(try await store.failures(runKey: "github-100-1") == digest.failures)
            #expect(try await store.failures(runKey: "no-such-run").isEmpty)
            #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        }
    }

    @Test(arguments: StoreKind.available)
    func theSameRunKeyIsStoredOnce(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.sampleRun()
            #expect(try await store.store(run, digest: digest) == .inserted)
            #expect(try await store.store(run, digest: digest) == .alreadyStored)
            var changed = run
            changed.tests.removeLast()
            #expect(try await store.store(changed, digest: digest) == .alreadyStored)
            #expect(try await store.runs(in: .all).count == 1)
            #expect(try await store.testRuns(runKey: "github-100-1").count == 4)
        }
    }

    @Test(arguments: StoreKind.available)
    func aRunWithoutKeyIsRefusedWithAMessageThatSaysWhatToDo(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            var (run, digest) = Self.sampleRun()
            run.metadata.runKey = nil
            await #expect(throws: HistoryError.missingRunKey) { try await store.store(run, digest: digest) }
            #expect(HistoryError.missingRunKey.description.contains("content hash"))
            #expect(try await store.runs(in: .all).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func windowsSelectByBranchDaysAndRunCount(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            for night in 1...10 {
                let (run, digest) = RunFactory.bulk(key: "main-\(night)", night: Double(night), count: 3)
                _ = try await store.store(run, digest: digest)
            }
            for night in [3, 6] {
                let (run, digest) = RunFactory.bulk(
                    key: "feature-\(night)", night: Double(night) + 0.5, count: 3, branch: "feature")
                _ = try await store.store(run, digest: digest)
            }
            let until = RunFactory.epoch.addingTimeInterval(10 * 86_400)
            #expect(try await store.runs(in: .all).count == 12)
            #expect(
                try await store.runs(in: HistoryWindow(branch: "feature")).map(\.key) == ["feature-3", "feature-6"])
            #expect(try await store.runs(in: HistoryWindow(runs: 3)).map(\.key) == ["main-8", "main-9", "main-10"])
            let lastFour = try await store.runs(in: HistoryWindow(branch: "main", days: 3, until: until))
            #expect(lastFour.map(\.key) == ["main-7", "main-8", "main-9", "main-10"])

            #expect(try await store.previousRun(branch: "main", before: "main-5")?.key == "main-4")
            #expect(try await store.previousRun(branch: "main", before: nil)?.key == "main-10")
            #expect(try await store.previousRun(branch: "main", before: "main-1") == nil)
            #expect(try await store.previousRun(branch: "main", before: "not-stored-yet")?.key == "main-10")
            // A run not stored that started in the past: the latest run before its start.
            let start = try #require(try await store.run(key: "main-5")?.metadata.startedAt).addingTimeInterval(1)
            #expect(
                try await store.previousRun(
                    branch: "main", before: "not-stored-yet", excludingCommit: nil, startedBefore: start)?.key
                    == "main-5")
            #expect(try await store.previousRun(branch: "feature", before: "feature-6")?.key == "feature-3")
        }
    }

    @Test(arguments: StoreKind.available)
    func testRunsCanBeReadForChosenKeysPassesIncluded(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let tests = [
                RunFactory.ScriptedTest(className: "Keys", name: "alwaysPasses", outcomes: [.passed]),
                RunFactory.ScriptedTest(className: "Keys", name: "fails", outcomes: [.failed]),
                RunFactory.ScriptedTest(className: "Keys", name: "other", outcomes: [.failed, .passed]),
            ]
            for (key, branch, night) in [("m1", "main", 1.0), ("m2", "main", 2.0), ("f1", "feature", 3.0)] {
                let (run, digest) = RunFactory.run(key: key, commit: key, branch: branch, night: night, tests: tests)
                _ = try await store.store(run, digest: digest)
            }
            let keys: Set<String> = ["Keys/alwaysPasses@iPhone 16", "Keys/fails@iPhone 16", "Keys/never@iPhone 16"]
            var rows: [TestRunRow] = []
            try await store.forEachTestRun(in: HistoryWindow(branch: "main"), testKeys: keys) { rows.append($0) }
            // The chosen tests' rows on main only, a test that never failed included, in key then run order.
            #expect(
                rows.map { "\($0.testKey) \($0.runKey)" } == [
                    "Keys/alwaysPasses@iPhone 16 m1", "Keys/alwaysPasses@iPhone 16 m2", "Keys/fails@iPhone 16 m1",
                    "Keys/fails@iPhone 16 m2",
                ])
            var none: [TestRunRow] = []
            try await store.forEachTestRun(in: .all, testKeys: []) { none.append($0) }
            #expect(none.isEmpty)
        }
    }

    /// What a test's usual time is the median of: its passed results' durations on a branch,
    /// latest run first, a run left out (the run being judged).
    @Test(arguments: StoreKind.available)
    func passedDurationsAreReadLatestFirstForChosenKeys(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let runs: [(key: String, branch: String, night: Double, outcome: Outcome, seconds: Double?)] = [
                ("m1", "main", 1, .passed, 10), ("m2", "main", 2, .failed, 60), ("f1", "feature", 2.5, .passed, 99),
                ("m3", "main", 3, .passed, nil), ("m4", "main", 4, .passed, 12), ("m5", "main", 5, .passed, 30),
            ]
            for run in runs {
                let tests = [
                    RunFactory.ScriptedTest(
                        className: "Slow", name: "timed", outcomes: [run.outcome], seconds: run.seconds),
                    RunFactory.ScriptedTest(className: "Slow", name: "other", outcomes: [.passed], seconds: 1),
                ]
                let (stored, digest) = RunFactory.run(
                    key: run.key, commit: run.key, branch: run.branch, night: run.night, tests: tests)
                _ = try await store.store(stored, digest: digest)
            }
            let keys: Set<String> = ["Slow/timed@iPhone 16", "Slow/never@iPhone 16"]
            // Failed runs, runs without a duration, other branches and the left-out run are not read.
            let durations = try await store.passedDurations(
                in: HistoryWindow(branch: "main"), testKeys: keys, excludingRun: "m5")
            #expect(durations == ["Slow/timed@iPhone 16": [12, 10]])
            // The window's last runs only.
            let lastTwo = try await store.passedDurations(
                in: HistoryWindow(branch: "main", runs: 2), testKeys: keys, excludingRun: nil)
            #expect(lastTwo == ["Slow/timed@iPhone 16": [30, 12]])
            #expect(try await store.passedDurations(in: .all, testKeys: [], excludingRun: nil).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func thePreviousRunCanLeaveOutACommitAndComeFromAnotherBranch(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let tests = [RunFactory.ScriptedTest(className: "Bulk", name: "test0", outcomes: [.passed])]
            for (key, commit, branch, night) in [
                ("main-1", "c1", "main", 1.0), ("main-2", "c2", "main", 2.0), ("main-2-rerun", "c2", "main", 2.5),
                ("nocommit", nil, "main", 2.7), ("pr-1", "p1", "feature", 3.0), ("main-3", "c3", "main", 4.0),
            ] as [(String, String?, String, Double)] {
                let (run, digest) = RunFactory.run(key: key, commit: commit, branch: branch, night: night, tests: tests)
                _ = try await store.store(run, digest: digest)
            }
            // A re-run of c2 is compared with c1's run, not with its own first attempt.
            #expect(
                try await store.previousRun(branch: "main", before: "main-2-rerun", excludingCommit: "c2")?.key
                    == "main-1")
            #expect(
                try await store.previousRun(branch: "main", before: "main-2-rerun", excludingCommit: nil)?.key
                    == "main-2")
            // A run without a commit is not taken for the same commit.
            #expect(
                try await store.previousRun(branch: "main", before: "main-3", excludingCommit: "c2")?.key == "nocommit")
            // Not stored yet: the latest run of another commit.
            #expect(
                try await store.previousRun(branch: "main", before: "unstored", excludingCommit: "c3")?.key
                    == "nocommit")
            // A pull request's run, read on its target branch: the latest run there before it.
            #expect(
                try await store.previousRun(branch: "main", before: "pr-1", excludingCommit: nil)?.key == "nocommit")
            #expect(try await store.previousRun(branch: "release", before: "pr-1", excludingCommit: nil) == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func trendIsComputedPerRun(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            var (first, firstDigest) = Self.sampleRun(key: "n1", night: 1)
            first.auditIssues.append(RunFactory.issue("textClipped", "Login.Title", severity: .warning))
            _ = try await store.store(first, digest: firstDigest)
            let (second, secondDigest) = RunFactory.bulk(key: "n2", night: 2, count: 4)
            _ = try await store.store(second, digest: secondDigest)

            let points = try await store.trend(in: .all)
            #expect(points.map(\.runKey) == ["n1", "n2"])
            // n1: 4 tests, 1 skipped, 1 passed, 1 failed, 1 passed on retry, which ended passed, as in the summary.
            #expect(points[0].passRate == 2.0 / 3.0)
            #expect(points[0].passedOnRetry == 1)
            #expect(points[0].failed == 1)
            #expect(points[0].coverage == 0.75)
            #expect(points[0].auditIssues == 2 && points[0].auditErrors == 1)
            #expect(points[1].auditErrors == 0)
            // The failed test once, under its last attempt's first failure; the flaky one is no cause.
            #expect(points[0].failedTestsByCause == ["elementNotFound": 1])
            #expect(points[0].duration == first.totals.duration)
            #expect(points[1].passRate == 1)
            #expect(points[1].coverage == nil)
            #expect(points[1].failedTestsByCause.isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func testRunsStreamOnlyTestsThatFailedWhenAsked(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            for night in 1...3 {
                let (run, digest) = Self.sampleRun(key: "n\(night)", night: Double(night))
                _ = try await store.store(run, digest: digest)
            }
            var all: [TestRunRow] = []
            try await store.forEachTestRun(in: .all, onlyTestsWithFailures: false) { all.append($0) }
            var failing: [TestRunRow] = []
            try await store.forEachTestRun(in: .all, onlyTestsWithFailures: true) { failing.append($0) }
            #expect(all.count == 12)
            #expect(
                Set(failing.map(\.testKey)) == ["CheckoutTests/testPay@iPhone 16", "LoginTests/testLogout@iPhone 16"])
            #expect(failing.count == 6)
            // Ordered by test, then run time: each test's rows are contiguous and in night order.
            #expect(failing.map(\.runKey) == ["n1", "n2", "n3", "n1", "n2", "n3"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aVersion2StoreIsMigratedAndItsRowsKeepNullInTheNewColumns(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let first = try await test.open()
        let (run, digest) = Self.sampleRun()
        _ = try await first.store(run, digest: digest)
        // Back to a version 2 store: migration 3's columns gone and its record removed.
        let rewind =
            ["audit_errors", "parent", "interactive", "identified"].map {
                "ALTER TABLE identifier_nodes DROP COLUMN \($0)"
            }
            + ["ALTER TABLE runs DROP COLUMN base_branch"]
        if let sqlite = first as? SQLiteHistoryStore {
            for sql in rewind + [
                "DELETE FROM grdb_migrations WHERE identifier = '\(SQLiteHistoryStore.identifier(.v3BaseBranchTree))'"
            ] { try sqlite.execute(sql) }
        } else if let postgres = first as? PostgresHistoryStore {
            try await postgres.withConnection { connection in
                for sql in rewind + ["DELETE FROM canopy_migrations WHERE version = 3"] {
                    try await postgres.execute(sql, on: connection)
                }
            }
        }
        await first.close()

        let migrated = try await test.open()
        #expect(try await migrated.schemaVersion() == HistoryMigration.latestVersion)
        let old = try await migrated.identifierNodes(runKey: "github-100-1")
        #expect(old.map(\.auditErrors) == [nil, nil] && old.map(\.parent) == [nil, nil])
        #expect(try await migrated.run(key: "github-100-1")?.metadata.baseBranch == nil)
        var (next, nextDigest) = Self.sampleRun(key: "github-101-1", night: 2)
        next.metadata.baseBranch = "develop"
        _ = try await migrated.store(next, digest: nextDigest)
        #expect(try await migrated.identifierNodes(runKey: "github-101-1") == nextDigest.identifierNodes)
        #expect(try await migrated.run(key: "github-101-1")?.metadata.baseBranch == "develop")
        await migrated.close()
        await test.remove()
    }

    /// A run stored with `--allow-partial` keeps the inputs that could not be read; a run whose
    /// every input was read keeps none.
    @Test(arguments: StoreKind.available)
    func aPartialRunKeepsItsUnreadInputs(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let store = try await test.open()
        var (partial, digest) = Self.sampleRun(key: "github-200-1")
        partial.metadata.unreadInputs = [
            "build/cut.xml:2:66: error: Premature end of data", "build/other.json: error: truncated",
        ]
        _ = try await store.store(partial, digest: digest)
        let (complete, completeDigest) = Self.sampleRun(key: "github-201-1", night: 2)
        _ = try await store.store(complete, digest: completeDigest)
        #expect(try await store.run(key: "github-200-1")?.metadata.unreadInputs == partial.metadata.unreadInputs)
        #expect(try await store.run(key: "github-201-1")?.metadata.unreadInputs == nil)
        #expect(try await store.runs(in: .all).map { $0.metadata.unreadInputs?.count ?? 0 } == [2, 0])
        #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        await store.close()
        await test.remove()
    }

    @Test(arguments: StoreKind.available)
    func reopeningAMigratedStoreKeepsItsRuns(_ kind: StoreKind) async throws {
        let test = try await TestStore.make(kind)
        let first = try await test.open()
        let (run, digest) = Self.sampleRun()
        _ = try await first.store(run, digest: digest)
        await first.close()
        let second = try await test.open()
        #expect(try await second.schemaVersion() == HistoryMigration.latestVersion)
        #expect(try await second.runs(in: .all).map(\.key) == ["github-100-1"])
        await second.close()
        await test.remove()
    }
}
