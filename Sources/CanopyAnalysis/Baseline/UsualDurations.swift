/// A test's usual time: the median duration of its last passing runs.
package enum UsualDurations {
    /// By test key, the median of the first `runs` of its passed results' durations (`durations`,
    /// latest first, as `HistoryReader.passedDurations` reads them) and how many it is the median
    /// of. Tests without one are left out; an even count takes the mean of the middle two.
    package static func medians(latestFirst durations: [String: [Double]], runs: Int) -> [String: (
        seconds: Double, runs: Int?
    )] {
        var usual: [String: (seconds: Double, runs: Int?)] = [:]
        usual.reserveCapacity(durations.count)
        for (key, all) in durations {
            let latest = all.lazy.filter(\.isFinite).prefix(max(1, runs)).sorted()
            guard !latest.isEmpty else { continue }
            let middle = latest.count / 2
            let median = latest.count % 2 == 1 ? latest[middle] : (latest[middle - 1] + latest[middle]) / 2
            usual[key] = (median, latest.count)
        }
        return usual
    }
}
