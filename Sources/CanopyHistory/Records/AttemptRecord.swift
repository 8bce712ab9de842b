import CanopyModel

/// The rows of `attempts`: the attempts of the run's tests that ran more than once (a test's
/// single attempt is its `tests` row), written straight from the run's tests.
struct AttemptRows: RunChildRows {
    static let table = "attempts"
    static let columns = ["run_id", "test_index", "attempt_index", "outcome", "duration", "label"]

    var tests: [TestCase]
    /// The test and attempt index of each row, in order.
    private var positions: [(test: Int32, attempt: Int32)]

    init(tests: [TestCase]) {
        self.tests = tests
        var positions: [(test: Int32, attempt: Int32)] = []
        for test in tests.indices where tests[test].attempts.count > 1 {
            for attempt in tests[test].attempts.indices { positions.append((Int32(test), Int32(attempt))) }
        }
        self.positions = positions
    }

    var count: Int { positions.count }

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        let (test, attempt) = (Int(positions[index].test), Int(positions[index].attempt))
        let attempts = tests[test].attempts
        sink.int(ids.run)
        sink.int(test)
        sink.int(attempt)
        sink.text(attempts[attempt].outcome.rawValue)
        sink.double(attempts[attempt].duration)
        sink.text(attempts[attempt].label)
    }
}
