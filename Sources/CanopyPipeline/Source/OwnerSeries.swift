import CanopyHistory
import CanopyModel
import Foundation

/// The series of one owner's tests (`--owner` on `trend`, and a run page's Trend tab on
/// `report`): each run's figures counted from the owner's rows alone, by the rules the stored
/// run's own totals follow (`OwnerFilter.count`, `FailedTestCause`). A run's audit issues and
/// identifier coverage are of its elements, not of its tests: they stay the whole run's.
enum OwnerSeries {
    /// The owner's series, one point per point of `whole` (the suite's series, oldest first),
    /// from the rows of `windows` (those holding `whole`'s runs: a request's own branch and its
    /// target's), each streamed once; a run two windows hold is counted from the first.
    static func points(
        owner: OwnerFilter, whole: [TrendPoint], windows: [HistoryWindow], store: any HistoryStore
    ) async throws -> [TrendPoint] {
        let wanted = Set(whole.map(\.runKey))
        var identifiers: [String: [String]] = [:]
        var failuresByRun: [String: [FailureRow]] = [:]
        var owns: [String: Bool] = [:]
        var totals: [String: RunTotals] = [:]
        var failed: [String: Set<String>] = [:]
        var counted = Set<String>()
        for window in windows {
            var seen = Set<String>()
            try await store.forEachFailure(in: window) { failure in
                guard wanted.contains(failure.runKey), !counted.contains(failure.runKey) else { return }
                if let identifier = failure.identifier {
                    identifiers[failure.testKey, default: []].append(identifier)
                }
                failuresByRun[failure.runKey, default: []].append(failure)
            }
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: false) { row in
                guard wanted.contains(row.runKey), !counted.contains(row.runKey) else { return }
                seen.insert(row.runKey)
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
            counted.formUnion(seen)
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
