import CanopyModel
import Foundation

extension FlakyCost {
    /// The cost of each test of `tests` over `rows` (a window's rows, in any order; one test's
    /// rows of several OS versions add up), given the pull request of each run by run key and
    /// the runs the CI ran again (`rerun`, run keys: `rerun(_:)`). A test without a failed attempt
    /// costs nothing and has an entry all the same.
    package static func measure(
        rows: [TestRunRow], tests: Set<String>, pullRequests: [String: String], rerun: Set<String> = []
    ) -> [FlakyCost] {
        var costs = Dictionary(uniqueKeysWithValues: tests.map { ($0, FlakyCost(test: $0)) })
        var requests: [String: Set<String>] = [:]
        for row in rows where tests.contains(row.testKey) {
            let failed = max(0, row.failedAttempts - row.infrastructureFailedAttempts)
            guard failed > 0 else { continue }
            var cost = costs[row.testKey] ?? FlakyCost(test: row.testKey)
            cost.runsWithFailures += 1
            if row.outcome == .failed {
                cost.failedRuns += 1
                if rerun.contains(row.runKey) { cost.reruns += 1 }
            } else {
                cost.retriedRuns += 1
            }
            if let duration = row.duration, row.attempts > 0 {
                cost.seconds += duration * Double(failed) / Double(row.attempts)
            }
            if let request = pullRequests[row.runKey] { requests[row.testKey, default: []].insert(request) }
            costs[row.testKey] = cost
        }
        for (test, set) in requests { costs[test]?.pullRequests = set.count }
        return costs.values.sorted(by: costlier)
    }

    /// The keys of the runs among `runs` (run key and metadata) that the CI ran again: a run of the
    /// same CI provider and build with a later attempt is among them. Runs without a build or an
    /// attempt were never rerun as far as the CI says.
    package static func rerun(_ runs: [(key: String, metadata: RunMetadata)]) -> Set<String> {
        var latest: [String: Int] = [:]
        func build(_ metadata: RunMetadata) -> String? {
            guard let id = metadata.buildID, metadata.attempt != nil else { return nil }
            return (metadata.ciProvider ?? "") + "\u{1F}" + id
        }
        for run in runs {
            guard let build = build(run.metadata), let attempt = run.metadata.attempt else { continue }
            latest[build] = max(latest[build] ?? attempt, attempt)
        }
        return Set(
            runs.lazy.filter { run in
                guard let build = build(run.metadata), let attempt = run.metadata.attempt else { return false }
                return (latest[build] ?? attempt) > attempt
            }.map(\.key))
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
