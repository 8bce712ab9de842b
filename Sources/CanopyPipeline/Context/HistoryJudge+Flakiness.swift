import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

/// Flakiness over the window, and on a request's target branch, of a run's tests.
extension HistoryJudge {
    /// The flakiness of the tests in `rows` (`FlakinessAnalyzer`), worked out on every core on a
    /// thread of its own (`DedicatedThread`).
    func analyzeFlakiness(_ rows: [TestRunRow]) async -> [TestFlakiness] {
        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        return await DedicatedThread.run("flakiness") { analyzer.analyze(rows) }
    }

    /// Flakiness and flaky elements over the window, from the store's rows (and, for a run not
    /// stored, the run's own). The rows fold into each test's flakiness as they stream
    /// (`FlakinessAccumulator`); only the rows of a run and test with a failure are kept, for the
    /// flaky elements' cost.
    func flakiness(
        for prepared: JudgedRun, store: any HistoryStore, stored: Bool, window: HistoryWindow
    ) async throws -> ([TestFlakiness], [FlakyElement], [String: String], [String: Set<String>]) {
        let analyzer = FlakinessAnalyzer(configuration: configuration.flakiness)
        // `check` does not store the run: it is judged as `run` judges it once stored. The run
        // takes one of the window's runs; the history of the tests failing in it is read too (a
        // test failing for the first time has its past passes); its rows and failures join the
        // window's.
        let window = stored ? window : window.makingRoom()
        let failingNow = stored ? [] : prepared.failingTestKeys
        var failures: [FailureRow] = []
        try await store.forEachFailure(in: window) { failures.append($0) }
        let own = stored ? [] : prepared.testRows.map(\.readBack)
        var accumulator = FlakinessAccumulator(analyzer: analyzer, appending: own, keepingUnread: failingNow)
        var failed = Self.failedTests(failures)
        var failedRows: [TestRunRow] = []
        var streamed: Set<String> = []
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: true, alsoTestKeys: failingNow) { row in
            accumulator.add(row)
            streamed.insert(row.testKey)
            if failed[row.runKey]?.contains(row.testKey) == true { failedRows.append(row) }
        }
        if !stored {
            let keys = streamed.union(failingNow)
            failures += prepared.failures.map { FailureRow(readBack: $0, of: prepared.metadata) }
            failed = Self.failedTests(failures)
            failedRows += own.filter { keys.contains($0.testKey) && failed[$0.runKey]?.contains($0.testKey) == true }
        }
        let flakiness = accumulator.finish()
        return (
            flakiness, analyzer.flakyElements(failures: failures, tests: flakiness, rows: failedRows),
            Self.lastMessages(failures),
            Self.pastFingerprints(failures, of: prepared)
        )
    }

    /// The tests with a failure in `failures`, by run key.
    static func failedTests(_ failures: [FailureRow]) -> [String: Set<String>] {
        var tests: [String: Set<String>] = [:]
        for failure in failures { tests[failure.runKey, default: []].insert(failure.testKey) }
        return tests
    }

    /// The fingerprints of the earlier failures (not this run's) of the tests failing in this run.
    static func pastFingerprints(_ failures: [FailureRow], of prepared: JudgedRun) -> [String: Set<String>] {
        FlakyPast.fingerprints(
            of: failures, excludingRun: prepared.metadata.runKey, testKeys: prepared.failingTestKeys)
    }

    /// Each test's latest failure message in `failures` (oldest first, as the window reads them):
    /// as the run read it, or normalised for a failure stored before history kept messages.
    static func lastMessages(_ failures: [FailureRow]) -> [String: String] {
        var messages: [String: String] = [:]
        for failure in failures {
            if let message = failure.message ?? failure.normalizedMessage, !message.isEmpty {
                messages[failure.testKey] = message
            }
        }
        return messages
    }

    /// For a pull request's run, what its target branch's window, as far as the run's start, says
    /// of the tests failing in it (an attempt failed): their flakiness there, and the fingerprints
    /// of their failures there. Nothing for a run not of a request. The target's rows are read for
    /// those tests alone (by key: `forEachTestRun(in:testKeys:)`) and analysed apart from the request's
    /// own, so the request's failures never make a test look flaky there.
    func targetBranchHistory(
        of prepared: JudgedRun, store: any HistoryStore
    ) async throws -> (flakiness: [TestFlakiness], pastFingerprints: [String: Set<String>]) {
        guard let target = prepared.metadata.baseBranch, target != prepared.metadata.branch else { return ([], [:]) }
        let failing = prepared.failingTestKeys
        guard !failing.isEmpty else { return ([], [:]) }
        var window = flakinessWindow(for: prepared.metadata)
        window.branch = target
        var rows: [TestRunRow] = []
        try await store.forEachTestRun(in: window, testKeys: failing) { rows.append($0) }
        var failures: [FailureRow] = []
        try await store.forEachFailure(in: window) { if failing.contains($0.testKey) { failures.append($0) } }
        return (await analyzeFlakiness(rows), Self.pastFingerprints(failures, of: prepared))
    }
}

extension HistoryWindow {
    /// The window with room for a run that is not stored in it to join: one run fewer when it
    /// counts runs, so that with the run it holds as many as its readers see once the run is stored.
    func makingRoom() -> HistoryWindow {
        var window = self
        if let runs { window.runs = max(0, runs - 1) }
        return window
    }
}
