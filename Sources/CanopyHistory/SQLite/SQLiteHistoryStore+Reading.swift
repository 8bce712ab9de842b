import CanopyModel
import Foundation
import GRDB

extension SQLiteHistoryStore {
    package func runs(in window: HistoryWindow) async throws -> [StoredRun] {
        try fetchAll(HistoryQueries.runs(window)) { try RunRecord.decode($0) }
    }

    package func run(key: String) async throws -> StoredRun? {
        try fetchAll(HistoryQueries.run(key: key)) { try RunRecord.decode($0) }.first
    }

    package func previousRun(branch: String, before key: String?, excludingCommit: String?, startedBefore: Date?)
        async throws -> StoredRun?
    {
        try fetchAll(
            HistoryQueries.previousRun(
                branch: branch, before: key, excludingCommit: excludingCommit, startedBefore: startedBefore)
        ) { try RunRecord.decode($0) }.first
    }

    package func testRuns(runKey: String) async throws -> [TestRunRow] {
        let location = location
        return try fetchAll(HistoryQueries.testRuns(runKey: runKey)) {
            try HistoryRowDecoding.testRun($0, location: location)
        }
    }

    package func forEachTestRun(
        in window: HistoryWindow, onlyTestsWithFailures: Bool, alsoTestKeys: Set<String>,
        _ body: (TestRunRow) throws -> Void
    ) async throws {
        let location = location
        let ids = HistoryQueries.runIDs(window)
        guard onlyTestsWithFailures else {
            try forEach(HistoryQueries.testRuns(ids)) { try body(HistoryRowDecoding.testRun($0, location: location)) }
            return
        }
        // The failing tests first, then their rows in batches, all in one read transaction.
        try read { db in
            var keys: [String] = []
            try Self.forEach(db, HistoryQueries.failingTestKeys(ids)) { keys.append(try $0.text(0) ?? "") }
            keys += HistoryQueries.extraKeys(alsoTestKeys, besides: keys)
            try Self.forEachTestRun(db, ids, testKeys: keys, location: location, body)
        }
    }

    package func forEachTestRun(in window: HistoryWindow, testKeys: Set<String>, _ body: (TestRunRow) throws -> Void)
        async throws
    {
        let location = location
        try read { db in
            try Self.forEachTestRun(
                db, HistoryQueries.runIDs(window), testKeys: testKeys.sorted(), location: location, body)
        }
    }

    /// The rows of the tests `keys` (sorted) over the runs `ids` selects, in batches of keys (`KeyedTestRuns`).
    private static func forEachTestRun(
        _ db: Database, _ ids: SQLStatement, testKeys keys: [String], location: String,
        _ body: (TestRunRow) throws -> Void
    ) throws {
        guard !keys.isEmpty else { return }
        var reader = KeyedTestRuns(location: location)
        try forEach(db, KeyedTestRuns.runsStatement(ids)) { try reader.addRun($0) }
        reader.finishRuns()
        for batch in HistoryQueries.batches(of: keys) {
            reader.begin()
            try forEach(db, KeyedTestRuns.namesStatement(batch)) { try reader.addName($0) }
            let nameIDs = reader.nameIDs
            guard !nameIDs.isEmpty else { continue }
            try forEach(db, KeyedTestRuns.rowsStatement(ids, nameIDs: nameIDs)) { try reader.addResult($0) }
            try reader.finishBatch(body)
        }
    }

    package func passedDurations(in window: HistoryWindow, testKeys: Set<String>, excludingRun: String?) async throws
        -> [String: [Double]]
    {
        var durations: [String: [Double]] = [:]
        let statements = HistoryQueries.passedDurations(
            HistoryQueries.runIDs(window), testKeys: testKeys.sorted(), excludingRun: excludingRun)
        try read { db in
            for statement in statements {
                try Self.forEach(db, statement) { row in
                    if let key = try row.text(0), let seconds = StoredDuration.seconds(try row.int(1)) {
                        durations[key, default: []].append(seconds)
                    }
                }
            }
        }
        return durations
    }

    package func forEachFailure(in window: HistoryWindow, _ body: (FailureRow) throws -> Void) async throws {
        try forEach(HistoryQueries.failures(window)) { try body(HistoryRowDecoding.failure($0)) }
    }

    package func auditIssues(runKey: String) async throws -> [AuditIssue] {
        let location = location
        return try fetchAll(HistoryQueries.auditIssues(runKey: runKey)) {
            try AuditIssueRecord.decode($0, location: location)
        }
    }

    package func coverage(runKey: String) async throws -> [CoverageFigure] {
        let location = location
        return try fetchAll(HistoryQueries.coverage(runKey: runKey)) {
            try CoverageRecord.decode($0, location: location)
        }
    }

    package func failures(runKey: String) async throws -> [FailureDigest] {
        try fetchAll(HistoryQueries.failures(runKey: runKey)) { try HistoryRowDecoding.failureDigest($0) }
    }

    package func identifierNodes(runKey: String) async throws -> [IdentifierNodeDigest] {
        try fetchAll(HistoryQueries.identifierNodes(runKey: runKey)) { try IdentifierNodeRecord.decode($0) }
    }

    package func testIdentifierHistory() async throws -> TestIdentifierHistory {
        TestIdentifierHistory(
            runs: try fetchAll(TestIdentifierQueries.runCount) { try $0.int(0) ?? 0 }.first ?? 0,
            touches: try fetchAll(TestIdentifierQueries.touches) { try TestIdentifierQueries.touch($0) },
            tests: try fetchAll(TestIdentifierQueries.storedTests) { try TestIdentifierQueries.name($0) })
    }

    package func metrics(in window: HistoryWindow) async throws -> [StoredMetric] {
        try fetchAll(MetricQueries.metrics(window)) { try MetricQueries.metric($0, location: location) }
    }

    package func trend(in window: HistoryWindow) async throws -> [TrendPoint] {
        let points = try fetchAll(HistoryQueries.trend(window)) { try HistoryRowDecoding.trendPoint($0) }
        let counts = try fetchAll(HistoryQueries.trendCategories(window)) {
            (try $0.text(0) ?? "", try $0.text(1) ?? "", try $0.int(2) ?? 0)
        }
        return HistoryRowDecoding.attach(counts, to: points)
    }

    // MARK: Cursor plumbing

    /// Runs `statement` and hands each row to `body` from a cursor, in one read transaction.
    func forEach(_ statement: SQLStatement, _ body: (GRDBRowReader) throws -> Void) throws {
        do {
            try pool.read { db in
                let cursor = try Row.fetchCursor(db, sql: statement.sql, arguments: Self.arguments(statement.arguments))
                while let row = try cursor.next() { try body(GRDBRowReader(row: row)) }
            }
        } catch let error as DatabaseError {
            throw HistoryError.statementFailed(location: location, sql: statement.sql, reason: Self.reason(error))
        }
    }

    /// Runs `work` in one read transaction; a failed statement becomes `HistoryError.statementFailed`.
    func read(_ work: (Database) throws -> Void) throws {
        do {
            try pool.read(work)
        } catch let error as DatabaseError {
            throw HistoryError.statementFailed(location: location, sql: error.sql ?? "", reason: Self.reason(error))
        }
    }

    /// Runs `statement` on `db` and hands each row to `body` from a cursor.
    static func forEach(_ db: Database, _ statement: SQLStatement, _ body: (GRDBRowReader) throws -> Void) throws {
        let cursor = try Row.fetchCursor(db, sql: statement.sql, arguments: arguments(statement.arguments))
        while let row = try cursor.next() { try body(GRDBRowReader(row: row)) }
    }

    func fetchAll<T>(_ statement: SQLStatement, _ decode: (GRDBRowReader) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEach(statement) { result.append(try decode($0)) }
        return result
    }
}

/// Reads GRDB rows by position with GRDB's throwing decoders. On a row read from a statement they
/// take SQLite's own conversions of whatever storage class the column holds (a REAL too large for
/// an `Int` saturates, a BLOB where a number belongs reads as 0), which never stop the process; on
/// a copied row a value that does not convert throws, and reads as nil. Readers then hold the
/// numbers to `InputRange` (`HistoryRowDecoding`). GRDB's typed subscripts would trap instead.
struct GRDBRowReader: SQLRowReader {
    let row: Row

    func text(_ index: Int) throws -> String? { (try? row.decode(String?.self, atIndex: index)) ?? nil }

    func int(_ index: Int) throws -> Int? { (try? row.decode(Int?.self, atIndex: index)) ?? nil }

    func double(_ index: Int) throws -> Double? { (try? row.decode(Double?.self, atIndex: index)) ?? nil }

    func blob(_ index: Int) throws -> [UInt8]? {
        ((try? row.decode(Data?.self, atIndex: index)) ?? nil).map(Array.init)
    }
}
