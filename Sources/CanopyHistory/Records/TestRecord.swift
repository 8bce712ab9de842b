import CanopyModel

/// The rows of `tests`: each test of the run by name id, with the counts flakiness reads, written
/// straight from the run's tests and their rows (no record per test is built). A test's single
/// attempt is its row; `AttemptRows` keeps the attempts of tests that ran more than once.
struct TestRows: RunChildRows {
    static let table = "tests"
    static let columns = [
        "run_id", "name_id", "test_index", "outcome", "attempts", "failed_attempts", "infra_failed_attempts",
        "duration_us",
    ]

    var tests: [TestCase]
    /// One per test, in the tests' order (`PreparedRun`'s invariant).
    var rows: [TestRunRow]

    init(tests: [TestCase], rows: [TestRunRow]) {
        precondition(rows.count == tests.count, "one test row per test")
        self.tests = tests
        self.rows = rows
    }

    var count: Int { tests.count }

    // No `references`: every test's name is its batch's `IngestBatch.testNames`, resolved first
    // (`row.testKey` is `identity.key`).

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        let row = rows[index]
        sink.int(ids.run)
        sink.int(ids.names[row.testKey])
        sink.int(index)
        sink.int(StoredOutcome.code(row.outcome))
        sink.int(row.attempts)
        sink.int(row.failedAttempts)
        sink.int(row.infrastructureFailedAttempts)
        sink.int(StoredDuration.microseconds(row.duration))
    }
}
