import CanopyModel
import Foundation

/// A test's usual time: the median duration of its last passing runs.
package enum UsualDurations {
    /// By test key, the median duration of the last `runs` passed results among `rows` (any order;
    /// later `startedAt` is later, ties by run key) and how many it is the median of. Tests without
    /// a passed result with a duration are left out.
    package static func medians(_ rows: [TestRunRow], runs: Int) -> [String: (seconds: Double, runs: Int?)] {
        var passed: [String: [(at: Double, run: String, seconds: Double)]] = [:]
        for row in rows where row.outcome == .passed {
            guard let seconds = row.duration, seconds.isFinite else { continue }
            passed[row.testKey, default: []].append(((row.startedAt?.timeIntervalSince1970 ?? 0), row.runKey, seconds))
        }
        var usual: [String: (seconds: Double, runs: Int?)] = [:]
        for (key, results) in passed {
            let latest = results.sorted { ($0.at, $0.run) < ($1.at, $1.run) }.suffix(max(1, runs)).map(\.seconds).sorted()
            let middle = latest.count / 2
            let median = latest.count % 2 == 1 ? latest[middle] : (latest[middle - 1] + latest[middle]) / 2
            usual[key] = (median, latest.count)
        }
        return usual
    }
}
