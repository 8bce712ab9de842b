import CanopyModel
import Foundation

extension FlakyCost {
    /// The cost of each test of `tests` over `rows` (a window's rows, in any order; one test's
    /// rows of several OS versions add up), given the pull request of each run by run key. A
    /// test without a failed attempt costs nothing and has an entry all the same.
    package static func measure(rows: [TestRunRow], tests: Set<String>, pullRequests: [String: String])
        -> [FlakyCost]
    {
        var costs = Dictionary(uniqueKeysWithValues: tests.map { ($0, FlakyCost(test: $0)) })
        var requests: [String: Set<String>] = [:]
        for row in rows where tests.contains(row.testKey) {
            let failed = max(0, row.failedAttempts - row.infrastructureFailedAttempts)
            guard failed > 0 else { continue }
            var cost = costs[row.testKey] ?? FlakyCost(test: row.testKey)
            cost.runsWithFailures += 1
            if row.outcome == .failed { cost.failedRuns += 1 } else { cost.retriedRuns += 1 }
            if let duration = row.duration, row.attempts > 0 {
                cost.seconds += duration * Double(failed) / Double(row.attempts)
            }
            if let request = pullRequests[row.runKey] { requests[row.testKey, default: []].insert(request) }
            costs[row.testKey] = cost
        }
        for (test, set) in requests { costs[test]?.pullRequests = set.count }
        return costs.values.sorted(by: costlier)
    }

    /// The order a Fix first list ranks tests in: more runs failed outright first (each blocked
    /// a merge or a nightly, or needed a quarantine), then more CI time, then more runs with a
    /// failed attempt, then the key.
    package static func costlier(_ a: FlakyCost, _ b: FlakyCost) -> Bool {
        if a.failedRuns != b.failedRuns { return a.failedRuns > b.failedRuns }
        if a.seconds != b.seconds { return a.seconds > b.seconds }
        if a.runsWithFailures != b.runsWithFailures { return a.runsWithFailures > b.runsWithFailures }
        return a.test < b.test
    }
}
