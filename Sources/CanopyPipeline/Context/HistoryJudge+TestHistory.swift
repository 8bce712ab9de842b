import CanopyAnalysis
import CanopyHistory
import CanopyModel

extension HistoryJudge {
    /// The most tests whose history strips are read: the run's failing and flaky tests, then the
    /// window's highest-ranked flaky ones.
    static let historyStripTests = 2_000

    /// The latest results, up to the run's start, of the tests that failed an attempt in the run
    /// and of the window's flaky tests (`flakiness`, ranked): their history strips. They are the
    /// runs history is read over (`historyWindow(for:)`): the run's branch's, or for a pull or
    /// merge request's run its target branch's and then this run's (`stored` false: the run is not
    /// among them). One windowed query by test key (`forEachTestRun(in:testKeys:)`), the same on
    /// both stores.
    func testHistory(
        of prepared: JudgedRun, flakiness: [TestFlakiness], stored: Bool, store: any HistoryStore
    ) async throws -> [String: [TestRunRow]] {
        let metadata = prepared.metadata
        var keys = prepared.failingTestKeys
        for entry in flakiness where keys.count < Self.historyStripTests && entry.state != .stable {
            keys.insert(entry.key.testKey)
        }
        guard !keys.isEmpty, metadata.branch != nil else { return [:] }
        var window = historyWindow(for: metadata)
        window.days = nil
        window.runs = TestRunRow.stripLimit
        if !stored { window = window.makingRoom() }
        var rows: [String: [TestRunRow]] = [:]
        try await store.forEachTestRun(in: window, testKeys: keys) { rows[$0.testKey, default: []].append($0) }
        if !stored {
            for row in prepared.testRows where keys.contains(row.testKey) {
                rows[row.testKey, default: []].append(row.readBack)
            }
        }
        return rows
    }
}
