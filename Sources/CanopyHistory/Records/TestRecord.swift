import CanopyModel

/// The rows of `tests`: each test of the run with the counts flakiness reads, written straight
/// from the run's tests and their rows (no record per test is built).
struct TestRows: RunChildRows {
    static let table = "tests"
    static let columns = [
        "run_id", "test_index", "test_key", "base_key", "class_name", "name", "device", "configuration", "outcome",
        "attempts", "failed_attempts", "infra_failed_attempts", "duration",
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

    func write<Sink: SQLRowSink>(row index: Int, runID: Int, to sink: inout Sink) {
        let identity = tests[index].identity
        let row = rows[index]
        sink.int(runID)
        sink.int(index)
        // `row.testKey` is `identity.key`, already built once for the row; the base key is its
        // beginning, bound without building it again.
        sink.text(row.testKey)
        sink.text(row.testKey, utf8Prefix: identity.testKeyUTF8Count)
        sink.text(identity.className)
        sink.text(identity.name)
        sink.text(identity.device)
        sink.text(identity.configuration)
        sink.text(row.outcome.rawValue)
        sink.int(row.attempts)
        sink.int(row.failedAttempts)
        sink.int(row.infrastructureFailedAttempts)
        sink.double(row.duration)
    }
}
