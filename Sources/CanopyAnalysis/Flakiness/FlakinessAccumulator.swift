import CanopyModel

/// Analyses rows streamed from a history cursor that delivers each test's rows together (as
/// `HistoryReader.forEachTestRun` does: by test key, then OS version, then run time), holding one
/// test's rows at a time: memory grows with the window's tests, not its runs × tests. Its results
/// are `FlakinessAnalyzer.analyze` of the same rows.
package struct FlakinessAccumulator: Sendable {
    package let analyzer: FlakinessAnalyzer
    private var currentKey: FlakinessKey?
    private var current: [TestRunRow] = []
    private var results: [TestFlakiness] = []
    /// Rows of a run the store does not hold, by key, each analysed after its key's stored rows.
    private var appending: [FlakinessKey: [TestRunRow]]
    /// The tests whose appended rows are analysed even when no stored row names their key.
    private let keepingUnread: Set<String>
    /// The tests the stream named.
    private var streamed: Set<String> = []

    /// `appending`: the rows of a run not stored (the run `check` judges), each analysed after
    /// the stored rows of its test and OS, as if the store held it last. Those of a key no stored
    /// row names are analysed at `finish` when the stream named their test (on another OS) or
    /// `keepingUnread` holds it (a test failing for the first time), else left out.
    package init(
        analyzer: FlakinessAnalyzer = FlakinessAnalyzer(), appending: [TestRunRow] = [],
        keepingUnread: Set<String> = []
    ) {
        self.analyzer = analyzer
        self.appending = Dictionary(grouping: appending, by: FlakinessAnalyzer.key(of:))
        self.keepingUnread = keepingUnread
    }

    /// Adds the next row; a new key finishes the previous test.
    package mutating func add(_ row: TestRunRow) {
        let key = FlakinessAnalyzer.key(of: row)
        if key != currentKey {
            flush()
            streamed.insert(row.testKey)
        }
        currentKey = key
        current.append(row)
    }

    /// Every test's flakiness, highest score first.
    package mutating func finish() -> [TestFlakiness] {
        flush()
        for (key, rows) in appending where streamed.contains(key.testKey) || keepingUnread.contains(key.testKey) {
            if let result = analyzer.analyzeTest(key, runs: rows) { results.append(result) }
        }
        appending.removeAll()
        return FlakinessAnalyzer.ranked(results)
    }

    private mutating func flush() {
        if let key = currentKey {
            if let extra = appending.removeValue(forKey: key) { current += extra }
            if let result = analyzer.analyzeTest(key, runs: current) { results.append(result) }
        }
        current.removeAll(keepingCapacity: true)
        currentKey = nil
    }
}
