import CanopyModel

/// The rows of `failed_test_causes` a run inserts: its failed tests by cause
/// (`RunDigest.failedTestsByCause`), one row per cause (migration 12). The trend's by-cause series
/// reads them, so a stored run says what its own summary said.
struct FailedTestCauseRows: RunChildRows {
    static let table = "failed_test_causes"
    static let columns = ["run_id", "category_id", "tests"]

    /// (cause, failed tests), by cause.
    private let counts: [(cause: String, tests: Int)]

    init(_ failedTestsByCause: [String: Int]) {
        counts = failedTestsByCause.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    var count: Int { counts.count }

    var references: RowReferences { RowReferences(strings: counts.map(\.cause)) }

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        sink.int(ids.run)
        sink.int(ids.strings[counts[index].cause])
        sink.int(counts[index].tests)
    }
}
