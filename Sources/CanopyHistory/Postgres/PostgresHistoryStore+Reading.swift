import CanopyModel
import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    package func runs(in window: HistoryWindow) async throws -> [StoredRun] {
        try await fetchAll(HistoryQueries.runs(window)) { try RunRecord.decode($0) }
    }

    package func run(key: String) async throws -> StoredRun? {
        try await fetchAll(HistoryQueries.run(key: key)) { try RunRecord.decode($0) }.first
    }

    package func previousRun(branch: String, before key: String?, excludingCommit: String?, startedBefore: Date?)
        async throws -> StoredRun?
    {
        try await fetchAll(
            HistoryQueries.previousRun(
                branch: branch, before: key, excludingCommit: excludingCommit, startedBefore: startedBefore)
        ) { try RunRecord.decode($0) }.first
    }

    package func testRuns(runKey: String) async throws -> [TestRunRow] {
        let location = location
        return try await fetchAll(HistoryQueries.testRuns(runKey: runKey)) {
            try HistoryRowDecoding.testRun($0, location: location)
        }
    }

    package func forEachTestRun(
        in window: HistoryWindow, onlyTestsWithFailures: Bool, alsoTestKeys: Set<String>,
        _ body: (TestRunRow) throws -> Void
    ) async throws {
        let location = location
        let ids = HistoryQueries.runIDs(window)
        try await withConnection { connection in
            guard onlyTestsWithFailures else {
                try await self.forEach(HistoryQueries.testRuns(ids), on: connection) {
                    try body(HistoryRowDecoding.testRun($0, location: location))
                }
                return
            }
            // The failing tests first, then their rows in batches (`KeyedTestRuns`).
            var keys: [String] = []
            try await self.forEach(HistoryQueries.failingTestKeys(ids), on: connection) {
                keys.append(try $0.text(0) ?? "")
            }
            keys += HistoryQueries.extraKeys(alsoTestKeys, besides: keys)
            try await self.forEachTestRun(ids, testKeys: keys, on: connection, body)
        }
    }

    package func forEachTestRun(in window: HistoryWindow, testKeys: Set<String>, _ body: (TestRunRow) throws -> Void)
        async throws
    {
        try await withConnection { connection in
            try await self.forEachTestRun(
                HistoryQueries.runIDs(window), testKeys: testKeys.sorted(), on: connection, body)
        }
    }

    /// The rows of the tests `keys` (sorted) over the runs `ids` selects, in batches of keys (`KeyedTestRuns`).
    private func forEachTestRun(
        _ ids: SQLStatement, testKeys keys: [String], on connection: PostgresConnection,
        _ body: (TestRunRow) throws -> Void
    ) async throws {
        guard !keys.isEmpty else { return }
        var reader = KeyedTestRuns(location: location)
        try await forEach(KeyedTestRuns.runsStatement(ids), on: connection) { try reader.addRun($0) }
        reader.finishRuns()
        for batch in HistoryQueries.batches(of: keys) {
            reader.begin()
            try await forEach(KeyedTestRuns.namesStatement(batch), on: connection) { try reader.addName($0) }
            let nameIDs = reader.nameIDs
            guard !nameIDs.isEmpty else { continue }
            try await forEach(KeyedTestRuns.rowsStatement(ids, nameIDs: nameIDs), on: connection) {
                try reader.addResult($0)
            }
            try reader.finishBatch(body)
        }
    }

    package func passedDurations(in window: HistoryWindow, testKeys: Set<String>, excludingRun: String?) async throws
        -> [String: [Double]]
    {
        var durations: [String: [Double]] = [:]
        let statements = HistoryQueries.passedDurations(
            HistoryQueries.runIDs(window), testKeys: testKeys.sorted(), excludingRun: excludingRun)
        try await withConnection { connection in
            for statement in statements {
                try await self.forEach(statement, on: connection) { row in
                    if let key = try row.text(0), let seconds = StoredDuration.seconds(try row.int(1)) {
                        durations[key, default: []].append(seconds)
                    }
                }
            }
        }
        return durations
    }

    package func forEachFailure(in window: HistoryWindow, _ body: (FailureRow) throws -> Void) async throws {
        try await withConnection { connection in
            try await self.forEach(HistoryQueries.failures(window), on: connection) {
                try body(HistoryRowDecoding.failure($0))
            }
        }
    }

    package func auditIssues(runKey: String) async throws -> [AuditIssue] {
        let location = location
        return try await fetchAll(HistoryQueries.auditIssues(runKey: runKey)) {
            try AuditIssueRecord.decode($0, location: location)
        }
    }

    package func coverage(runKey: String) async throws -> [CoverageFigure] {
        let location = location
        return try await fetchAll(HistoryQueries.coverage(runKey: runKey)) {
            try CoverageRecord.decode($0, location: location)
        }
    }

    package func failures(runKey: String) async throws -> [FailureDigest] {
        try await fetchAll(HistoryQueries.failures(runKey: runKey)) { try HistoryRowDecoding.failureDigest($0) }
    }

    package func identifierNodes(runKey: String) async throws -> [IdentifierNodeDigest] {
        try await fetchAll(HistoryQueries.identifierNodes(runKey: runKey)) { try IdentifierNodeRecord.decode($0) }
    }

    package func testIdentifierHistory() async throws -> TestIdentifierHistory {
        TestIdentifierHistory(
            runs: try await fetchAll(TestIdentifierQueries.runCount) { try $0.int(0) ?? 0 }.first ?? 0,
            touches: try await fetchAll(TestIdentifierQueries.touches) { try TestIdentifierQueries.touch($0) },
            tests: try await fetchAll(TestIdentifierQueries.storedTests) { try TestIdentifierQueries.name($0) })
    }

    package func metrics(in window: HistoryWindow) async throws -> [StoredMetric] {
        try await fetchAll(MetricQueries.metrics(window)) { try MetricQueries.metric($0, location: location) }
    }

    package func trend(in window: HistoryWindow) async throws -> [TrendPoint] {
        let points = try await fetchAll(HistoryQueries.trend(window)) { try HistoryRowDecoding.trendPoint($0) }
        let counts = try await fetchAll(HistoryQueries.trendCategories(window)) {
            (try $0.text(0) ?? "", try $0.text(1) ?? "", try $0.int(2) ?? 0)
        }
        return HistoryRowDecoding.attach(counts, to: points)
    }

    func fetchAll<T>(_ statement: SQLStatement, _ decode: (PostgresRowReader) throws -> T) async throws -> [T] {
        try await withConnection { connection in
            var result: [T] = []
            try await self.forEach(statement, on: connection) { result.append(try decode($0)) }
            return result
        }
    }
}
