/// When a test counts as slower than usual (`slowerTests:` in canopy.yml): at least `ratio` times
/// its usual time (the median of its last `runs` passing runs on the branch; the baseline run's
/// time where history has none) and `seconds` more, the `limit` largest slowdowns listed.
package struct SlowdownThresholds: Sendable, Equatable, Hashable, Codable {
    /// Times the baseline duration at least (`ratio`, default 2).
    package var ratio: Double
    /// Seconds more than the baseline at least (`seconds`, default 5).
    package var seconds: Double
    /// Tests listed at most, largest slowdown first (`limit`, default 10).
    package var limit: Int
    /// Passing runs whose median is a test's usual time (`runs`, default 5).
    package var runs: Int

    package init(ratio: Double = 2, seconds: Double = 5, limit: Int = 10, runs: Int = 5) {
        self.ratio = ratio
        self.seconds = seconds
        self.limit = limit
        self.runs = runs
    }
}
