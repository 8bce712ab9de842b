import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// A store holding numbers outside `InputRange` — written before the parsers checked them (a
/// JUnit `time="1e16"`, a summary `startTime` of 1e300) — reads without trapping, its readers
/// treating each such value as unknown, and migration 6 repairs its rows.
@Suite struct NumbersInRangeMigrationTests {
    /// What such a store holds: absurd durations and times in `tests`, `attempts` and `runs`, in
    /// schema 8's layout (`compact` false: seconds in `tests.duration`) or today's (microseconds
    /// in `tests.duration_us`).
    static func poison(_ kind: StoreKind, compact: Bool) -> [String] {
        let run = "(SELECT id FROM runs WHERE run_key = 'poisoned')"
        let (column, huge, negative) =
            compact ? ("duration_us", "9000000000000000000", "-5") : ("duration", "1e16", "-1e308")
        var statements = [
            "UPDATE tests SET \(column) = \(huge) WHERE test_index = 0 AND run_id = \(run)",
            "UPDATE tests SET \(column) = \(negative) WHERE test_index = 1 AND run_id = \(run)",
            "UPDATE attempts SET duration = 1e308 WHERE run_id = \(run)",
            "UPDATE runs SET duration = 1e308, started_at = 1e300, finished_at = -1e300, sort_time = 1e300 WHERE run_key = 'poisoned'",
        ]
        // SQLite keeps a REAL that is no integer in an INTEGER column; PostgreSQL refuses it.
        if kind == .sqlite {
            statements.append("UPDATE runs SET screens = 1e300, tests = -5 WHERE run_key = 'poisoned'")
        }
        return statements
    }

    /// A store with a run in range (`fine`) and one poisoned after it was stored (`poisoned`);
    /// with `forgettingMigration`, a store of schema 8's layout without migration 6 in its
    /// bookkeeping (schema 5, as stores were before it).
    static func poisonedStore(_ kind: StoreKind, forgettingMigration: Bool) async throws -> TestStore {
        let runs = [
            HistoryStoreTests.sampleRun(key: "fine", night: 1), HistoryStoreTests.sampleRun(key: "poisoned", night: 2),
        ]
        if forgettingMigration {
            let test = try await Schema8Store.make(kind, runs: runs)
            try await Schema8Store.execute(poison(kind, compact: false), on: test, forgetting: [.v6NumbersInRange])
            return test
        }
        let test = try await TestStore.make(kind)
        let store = try await test.open()
        for (run, digest) in runs { _ = try await store.store(run, digest: digest) }
        try await execute(poison(kind, compact: true), on: store)
        await store.close()
        return test
    }

    static func execute(_ statements: [String], on store: any HistoryStore) async throws {
        if let sqlite = store as? SQLiteHistoryStore {
            for sql in statements { try sqlite.execute(sql) }
        } else if let postgres = store as? PostgresHistoryStore {
            try await postgres.withConnection { connection in
                for sql in statements { try await postgres.execute(sql, on: connection) }
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func readersTreatStoredNumbersOutOfRangeAsUnknown(_ kind: StoreKind) async throws {
        let test = try await Self.poisonedStore(kind, forgettingMigration: false)
        let store = try await test.open()
        let runs = try await store.runs(in: .all)
        #expect(Set(runs.map(\.key)) == ["fine", "poisoned"])
        let poisoned = try #require(runs.first { $0.key == "poisoned" })
        #expect(poisoned.metadata.startedAt == nil)
        #expect(poisoned.metadata.finishedAt == nil)
        #expect(poisoned.totals.duration == 0)
        if kind == .sqlite {
            #expect(poisoned.totals.screens == 0)
            #expect(poisoned.totals.tests == 0)
        }
        let fine = try #require(runs.first { $0.key == "fine" })
        #expect(fine.metadata.startedAt == RunFactory.epoch.addingTimeInterval(86_400))
        #expect(fine.totals.duration > 0)

        let rows = try await store.testRuns(runKey: "poisoned")
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.startedAt == nil })
        #expect(rows.compactMap(\.duration).allSatisfy { InputRange.duration($0) != nil })
        #expect(rows.filter { $0.duration == nil }.count == 2)

        let trend = try await store.trend(in: .all)
        let point = try #require(trend.first { $0.runKey == "poisoned" })
        #expect(point.duration == 0)
        #expect(point.startedAt == nil)

        let keys = Set(rows.map(\.testKey))
        let durations = try await store.passedDurations(in: .all, testKeys: keys, excludingRun: nil)
        #expect(durations.values.joined().allSatisfy { InputRange.duration($0) != nil }, "\(durations)")
        await store.close()
        await test.remove()
    }

    @Test(arguments: StoreKind.available)
    func migrationSixRepairsTheRows(_ kind: StoreKind) async throws {
        let test = try await Self.poisonedStore(kind, forgettingMigration: true)
        let store = try await test.open()
        #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        func count(_ sql: String) async throws -> Int { try await Version4Store.count(sql, in: store) }
        #expect(
            try await count(
                "SELECT COUNT(*) FROM tests WHERE duration_us IS NOT NULL AND NOT (duration_us BETWEEN 0 AND 2592000000000)"
            )
                == 0)
        #expect(
            try await count(
                "SELECT COUNT(*) FROM attempts WHERE duration IS NOT NULL AND NOT (duration BETWEEN 0 AND 2592000)")
                == 0)
        // The two poisoned tests and the poisoned attempts lost their duration; the rest kept
        // theirs. Migration 9 then kept the attempts of the two tests that ran twice.
        let ofRun = { (table: String, key: String) in
            "SELECT COUNT(*) FROM \(table) x JOIN runs r ON r.id = x.run_id WHERE r.run_key = '\(key)'"
        }
        #expect(try await count(ofRun("tests", "poisoned") + " AND x.duration_us IS NULL") == 2)
        #expect(try await count(ofRun("tests", "fine") + " AND x.duration_us IS NOT NULL") == 4)
        #expect(try await count(ofRun("attempts", "poisoned") + " AND x.duration IS NULL") == 4)
        #expect(try await count(ofRun("attempts", "fine") + " AND x.duration = 1.5") == 4)
        #expect(
            try await count(
                "SELECT COUNT(*) FROM runs WHERE run_key = 'poisoned' AND started_at IS NULL AND finished_at IS NULL AND duration = 0 "
                    + "AND sort_time = ingested_at") == 1)
        #expect(
            try await count(
                "SELECT COUNT(*) FROM runs WHERE run_key = 'fine' AND started_at IS NOT NULL AND duration > 0") == 1)
        let runs = try await store.runs(in: .all)
        #expect(runs.first { $0.key == "fine" }?.metadata.startedAt == RunFactory.epoch.addingTimeInterval(86_400))
        await store.close()
        await test.remove()
    }

    @Test func theMigrationsBoundsAreInputRanges() throws {
        let bounds = HistoryMigration.v6Bounds
        #expect(Double(bounds.duration) == InputRange.maximumDuration)
        #expect(Double(bounds.runDuration) == InputRange.maximumDuration * Double(InputRange.maximumCount))
        #expect(Double(bounds.earliest) == InputRange.earliestDate.timeIntervalSince1970)
        #expect(Double(bounds.latest) == InputRange.latestDate.timeIntervalSince1970)
        let sql = HistoryMigration.v6NumbersInRange.sql(for: .postgres).joined(separator: "\n")
        for bound in [bounds.duration, bounds.runDuration, bounds.earliest, bounds.latest] {
            #expect(sql.contains(bound))
        }
    }
}
