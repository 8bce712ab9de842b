import CanopyHistory
import CanopyModel
import Foundation

/// A trend window's series of one owner's tests (`--owner` on `trend`): each run's figures
/// counted from the owner's rows alone, by the rules the stored run's own totals follow
/// (`OwnerFilter.count`, `FailedTestCause`). A run's audit issues and identifier coverage are of
/// its elements, not of its tests: they are the whole run's, as on `report --owner`.
enum OwnerSeries {
    /// The owner's series over `window`, one point per point of `whole` (the suite's series,
    /// oldest first), from the window's rows streamed once.
    static func points(
        owner: OwnerFilter, whole: [TrendPoint], window: HistoryWindow, store: any HistoryStore
    ) async throws -> [TrendPoint] {
        var identifiers: [String: [String]] = [:]
        var failuresByRun: [String: [FailureRow]] = [:]
        try await store.forEachFailure(in: window) { failure in
            if let identifier = failure.identifier { identifiers[failure.testKey, default: []].append(identifier) }
            failuresByRun[failure.runKey, default: []].append(failure)
        }
        var owns: [String: Bool] = [:]
        var totals: [String: RunTotals] = [:]
        var failed: [String: Set<String>] = [:]
        try await store.forEachTestRun(in: window, onlyTestsWithFailures: false) { row in
            let owned =
                owns[row.testKey]
                ?? {
                    let answer = owner.owns(test: row.testKey, identifiers: identifiers[row.testKey] ?? [])
                    owns[row.testKey] = answer
                    return answer
                }()
            guard owned else { return }
            OwnerFilter.count(row, into: &totals[row.runKey, default: RunTotals()])
            if row.outcome == .failed { failed[row.runKey, default: []].insert(row.testKey) }
        }
        return whole.map { point in
            let run = totals[point.runKey] ?? RunTotals()
            let failedTests = failed[point.runKey] ?? []
            let failures = failuresByRun[point.runKey] ?? []
            let causes = FailedTestCause.positions(
                in: failures, test: \.testKey, attempt: \.attemptIndex, isFailed: { failedTests.contains($0.testKey) })
            var owned = point
            owned.tests = run.tests
            owned.passed = run.passed
            owned.failed = run.failed
            owned.passedOnRetry = run.passedOnRetry
            owned.skipped = run.skipped
            // As the stored series computes it: nil when no test passed or failed.
            let decided = run.passed + run.passedOnRetry + run.failed
            owned.passRate = decided > 0 ? Double(run.passed + run.passedOnRetry) / Double(decided) : nil
            owned.duration = (run.duration * 1_000_000).rounded() / 1_000_000
            owned.failedTestsByCause = FailedTestCause.counts(failedTests: failedTests) { test in
                causes[test].map { failures[$0].category }
            }
            return owned
        }
    }
}
