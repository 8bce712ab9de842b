import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender

extension CommandContext {
    /// The most tests whose history strips are read: the run's failing and flaky tests, then the
    /// window's highest-ranked flaky ones.
    static let historyStripTests = 2_000

    /// The latest results on the run's branch, up to its start, of the tests that failed an
    /// attempt in the run and of the window's flaky tests (`flakiness`, ranked): their history
    /// strips. One windowed query by test key (`forEachTestRun(in:testKeys:)`), the same on both stores.
    func testHistory(
        of metadata: RunMetadata, testRows: [TestRunRow], flakiness: [TestFlakiness], store: any HistoryStore
    ) async throws -> [String: [TestRunRow]] {
        var keys = Set(testRows.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey))
        for entry in flakiness where keys.count < Self.historyStripTests && entry.state != .stable {
            keys.insert(entry.key.testKey)
        }
        guard !keys.isEmpty, metadata.branch != nil else { return [:] }
        var window = flakinessWindow(for: metadata)
        window.days = nil
        window.runs = DashboardTestHistory.limit
        var rows: [String: [TestRunRow]] = [:]
        try await store.forEachTestRun(in: window, testKeys: keys) { rows[$0.testKey, default: []].append($0) }
        return rows
    }
}
