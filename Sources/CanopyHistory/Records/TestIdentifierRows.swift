/// The rows of `test_identifiers` a run upserts: each identifier template its analysis saw with
/// each test that touched it (`RunDigest.identifierTests`). A pair already stored takes the run
/// only when the run is later in time than the pair's last run (`sort_time`, then id: the order
/// `canopy prune` and the history windows use), so the row names the latest run in which the test
/// touched the template, whatever order runs are stored in (migrations 10 and 11).
struct TestIdentifierRows: RunChildRows {
    static let table = "test_identifiers"
    static let columns = ["last_run_id", "identifier_id", "name_id"]
    static let upsert: Upsert? = Upsert(
        key: ["identifier_id", "name_id"],
        update: """
            last_run_id = excluded.last_run_id WHERE NOT EXISTS (\
            SELECT 1 FROM runs held, runs incoming \
            WHERE held.id = test_identifiers.last_run_id AND incoming.id = excluded.last_run_id \
            AND (held.sort_time > incoming.sort_time OR (held.sort_time = incoming.sort_time AND held.id > incoming.id)))
            """)

    /// (template, test key) pairs, each once.
    private(set) var pairs: [(identifier: String, test: String)]

    init(_ identifierTests: [String: [String]]) {
        var pairs: [(identifier: String, test: String)] = []
        pairs.reserveCapacity(identifierTests.values.reduce(0) { $0 + $1.count })
        for (identifier, tests) in identifierTests.sorted(by: { $0.key < $1.key }) {
            for test in Set(tests).sorted() { pairs.append((identifier, test)) }
        }
        self.pairs = pairs
    }

    var count: Int { pairs.count }

    var references: RowReferences {
        var names: [TestName] = []
        var seen = Set<String>()
        for pair in pairs where seen.insert(pair.test).inserted { names.append(TestName(key: pair.test)) }
        return RowReferences(names: names, strings: Array(Set(pairs.map(\.identifier))))
    }

    /// The pairs in the order of their ids, the table's key: concurrent writers then lock the rows
    /// they share in one order.
    func ordered(ids: RowIDs) -> TestIdentifierRows {
        var copy = self
        let keyed = pairs.map { (ids.strings[$0.identifier] ?? 0, ids.names[$0.test] ?? 0, $0) }
        copy.pairs = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        return copy
    }

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        sink.int(ids.run)
        sink.int(ids.strings[pairs[index].identifier])
        sink.int(ids.names[pairs[index].test])
    }
}

/// The rows of `test_identifier_runs` a run inserts: the same pairs as `TestIdentifierRows`, each
/// with the run (migration 11), so that pruning can tell which kept runs touched a pair. Written
/// after those rows (`IngestBatch.analysisTables`), whose names and strings are resolved by then:
/// it lists no `references` of its own.
struct TestIdentifierRunRows: RunChildRows {
    static let table = "test_identifier_runs"
    static let columns = ["run_id", "identifier_id", "name_id"]

    let rows: TestIdentifierRows

    var count: Int { rows.count }

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        rows.write(row: index, ids: ids, to: &sink)
    }
}
