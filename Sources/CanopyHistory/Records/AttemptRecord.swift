import CanopyModel

/// The rows of `attempts`: every attempt of every test, written straight from the run's tests.
struct AttemptRows: RunChildRows {
    static let table = "attempts"
    static let columns = ["run_id", "test_index", "attempt_index", "outcome", "duration", "label"]

    var tests: [TestCase]
    /// The test and attempt index of each row, in order.
    private var positions: [(test: Int32, attempt: Int32)]

    init(tests: [TestCase]) {
        self.tests = tests
        var positions: [(test: Int32, attempt: Int32)] = []
        positions.reserveCapacity(tests.count)
        for test in tests.indices {
            for attempt in tests[test].attempts.indices { positions.append((Int32(test), Int32(attempt))) }
        }
        self.positions = positions
    }

    var count: Int { positions.count }

    func write<Sink: SQLRowSink>(row index: Int, runID: Int, to sink: inout Sink) {
        let (test, attempt) = (Int(positions[index].test), Int(positions[index].attempt))
        let attempts = tests[test].attempts
        sink.int(runID)
        sink.int(test)
        sink.int(attempt)
        sink.text(attempts[attempt].outcome.rawValue)
        sink.double(attempts[attempt].duration)
        sink.text(attempts[attempt].label)
    }
}
