import CanopyModel

/// Analyses rows streamed from a history cursor ordered by test key and OS (as
/// `HistoryReader.forEachTestRun` delivers them), holding one test's rows at a time.
package struct FlakinessAccumulator: Sendable {
    package let analyzer: FlakinessAnalyzer
    private var currentKey: FlakinessKey?
    private var current: [TestRunRow] = []
    private var results: [TestFlakiness] = []

    package init(analyzer: FlakinessAnalyzer = FlakinessAnalyzer()) {
        self.analyzer = analyzer
    }

    /// Adds the next row; a new key finishes the previous test.
    package mutating func add(_ row: TestRunRow) {
        let key = FlakinessAnalyzer.key(of: row)
        if key != currentKey { flush() }
        currentKey = key
        current.append(row)
    }

    /// Every test's flakiness, highest score first.
    package mutating func finish() -> [TestFlakiness] {
        flush()
        return FlakinessAnalyzer.ranked(results)
    }

    private mutating func flush() {
        if let key = currentKey, let result = analyzer.analyzeTest(key, runs: current) { results.append(result) }
        current.removeAll(keepingCapacity: true)
        currentKey = nil
    }
}
