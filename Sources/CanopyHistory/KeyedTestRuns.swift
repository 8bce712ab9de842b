import CanopyModel
import Foundation

/// The rows of chosen tests over a window's runs, in test-key order and, within a test, by OS
/// version, then run time, then run id (`HistoryReader.forEachTestRun`), read as narrow
/// statements both stores run alike:
///
/// - `runs`: the window's runs once, each with the facts its rows repeat (key, commit, start,
///   OS version) and its place in the order;
/// - per batch of `HistoryQueries.keysPerStatement` keys, `names`: their name rows, then `rows`:
///   their results, numbers only, by run and name from the primary key (the rows of one run lie
///   together, so many tests over many runs touch each run's pages once).
///
/// Rows carry no strings and the database sorts nothing: a batch's results are grouped by test in
/// memory (at most a batch's keys × the window's runs) and handed out in key order, each test's by
/// its runs' places, every row sharing its run's and its name's strings.
struct KeyedTestRuns {
    private struct RunFacts {
        var runKey: String
        var commit: String?
        var startedAt: Date?
        var osVersion: String?
        var sortTime: Double
        var place = 0

        /// The order of `HistoryQueries.testRunOrder`: OS version (none first, then by UTF-8
        /// bytes as SQLite's BINARY collation), run time, id.
        static func precedes(_ a: (id: Int, facts: RunFacts), _ b: (id: Int, facts: RunFacts)) -> Bool {
            switch (a.facts.osVersion, b.facts.osVersion) {
            case (nil, .some): return true
            case (.some, nil): return false
            case (.some(let x), .some(let y)) where x != y: return x.utf8.lexicographicallyPrecedes(y.utf8)
            default: break
            }
            if a.facts.sortTime != b.facts.sortTime { return a.facts.sortTime < b.facts.sortTime }
            return a.id < b.id
        }
    }

    private struct NameFacts {
        var testKey: String
        var device: String?
        var configuration: String?
    }

    private struct Result {
        /// The run's place in the order: its index in `ordered`.
        var place: Int
        var outcome: TestOutcome
        var attempts: Int
        var failedAttempts: Int
        var infrastructureFailedAttempts: Int
        var duration: Double?
    }

    let location: String
    private var runs: [Int: RunFacts] = [:]
    /// The runs by place, once `finishRuns` has ordered them.
    private var ordered: [RunFacts] = []
    private var names: [Int: NameFacts] = [:]
    private var results: [Int: [Result]] = [:]

    init(location: String) {
        self.location = location
    }

    // MARK: Statements

    /// The window's runs with the facts their rows repeat.
    static func runsStatement(_ ids: SQLStatement) -> SQLStatement {
        SQLStatement(
            sql: "SELECT id, run_key, commit_sha, started_at, os_version, sort_time FROM runs WHERE id IN (\(ids.sql))",
            arguments: ids.arguments)
    }

    /// The name rows of `keys`.
    static func namesStatement(_ keys: ArraySlice<String>) -> SQLStatement {
        let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        return SQLStatement(
            sql: "SELECT id, test_key, device, configuration FROM test_names WHERE test_key IN (\(placeholders))",
            arguments: keys.map { .text($0) })
    }

    /// The results of the names `nameIDs` over the runs `ids` selects. `runs r CROSS JOIN tests t`
    /// fixes SQLite's order (each run, then its rows by the primary key); PostgreSQL plans it freely.
    /// The names are bound as values: PostgreSQL's planner overestimates a subquery's rows.
    static func rowsStatement(_ ids: SQLStatement, nameIDs: [Int]) -> SQLStatement {
        let placeholders = Array(repeating: "?", count: nameIDs.count).joined(separator: ", ")
        return SQLStatement(
            sql: """
                SELECT t.name_id, t.run_id, t.outcome, t.attempts, t.failed_attempts, t.infra_failed_attempts, \
                t.duration_us FROM runs r CROSS JOIN tests t \
                WHERE t.run_id = r.id AND t.name_id IN (\(placeholders)) AND t.run_id IN (\(ids.sql))
                """,
            arguments: nameIDs.map { .int($0) } + ids.arguments)
    }

    // MARK: Assembly

    /// Adds a row of `runsStatement`.
    mutating func addRun(_ row: some SQLRowReader) throws {
        guard let id = try row.int(0) else { return }
        runs[id] = RunFacts(
            runKey: try row.text(1) ?? "", commit: try row.text(2),
            startedAt: HistoryRowDecoding.date(try row.double(3)),
            osVersion: try row.text(4), sortTime: try row.double(5) ?? 0)
    }

    /// Gives each run its place in the order (`RunFacts.precedes`); call once the runs are added.
    mutating func finishRuns() {
        let sorted = runs.map { (id: $0.key, facts: $0.value) }.sorted(by: RunFacts.precedes)
        for (place, run) in sorted.enumerated() { runs[run.id]?.place = place }
        ordered = sorted.map(\.facts)
    }

    /// Starts a batch of keys: its names come next (`addName`).
    mutating func begin() {
        names.removeAll(keepingCapacity: true)
        results.removeAll(keepingCapacity: true)
    }

    /// Adds a row of `namesStatement`.
    mutating func addName(_ row: some SQLRowReader) throws {
        guard let id = try row.int(0) else { return }
        names[id] = NameFacts(
            testKey: try row.text(1) ?? "", device: try row.text(2),
            configuration: try row.text(3).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The batch's stored names, for `rowsStatement`; empty when none of its keys is stored.
    var nameIDs: [Int] { names.keys.sorted() }

    /// Adds a row of `rowsStatement`.
    mutating func addResult(_ row: some SQLRowReader) throws {
        let code = try row.int(2)
        guard let outcome = code.flatMap(StoredOutcome.outcome) else {
            throw HistoryError.corruptValue(
                location: location, column: "tests.outcome", value: code.map(String.init) ?? "NULL")
        }
        guard let nameID = try row.int(0), let runID = try row.int(1), let place = runs[runID]?.place else { return }
        results[nameID, default: []].append(
            Result(
                place: place, outcome: outcome, attempts: HistoryRowDecoding.count(try row.int(3)),
                failedAttempts: HistoryRowDecoding.count(try row.int(4)),
                infrastructureFailedAttempts: HistoryRowDecoding.count(try row.int(5)),
                duration: StoredDuration.seconds(try row.int(6))))
    }

    /// Hands the batch's rows to `body`: its tests by key (UTF-8 bytes, as SQLite's BINARY
    /// collation orders them), each test's rows by their runs' places.
    mutating func finishBatch(_ body: (TestRunRow) throws -> Void) throws {
        let tests = names.sorted { $0.value.testKey.utf8.lexicographicallyPrecedes($1.value.testKey.utf8) }
        for (nameID, name) in tests {
            guard var rows = results[nameID] else { continue }
            rows.sort { $0.place < $1.place }
            for result in rows {
                let run = ordered[result.place]
                try body(
                    TestRunRow(
                        runKey: run.runKey, commit: run.commit, startedAt: run.startedAt, testKey: name.testKey,
                        device: name.device, osVersion: run.osVersion, outcome: result.outcome,
                        attempts: result.attempts, failedAttempts: result.failedAttempts,
                        infrastructureFailedAttempts: result.infrastructureFailedAttempts, duration: result.duration,
                        configuration: name.configuration))
            }
        }
        results.removeAll(keepingCapacity: true)
    }
}
