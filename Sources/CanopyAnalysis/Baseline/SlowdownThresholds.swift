/// When a test counts as slower than in the baseline (`slowerTests:` in canopy.yml): at least
/// `ratio` times its baseline time and `seconds` more, the `limit` largest slowdowns listed.
package struct SlowdownThresholds: Sendable, Equatable, Hashable, Codable {
    /// Times the baseline duration at least (`ratio`, default 2).
    package var ratio: Double
    /// Seconds more than the baseline at least (`seconds`, default 5).
    package var seconds: Double
    /// Tests listed at most, largest slowdown first (`limit`, default 10).
    package var limit: Int

    package init(ratio: Double = 2, seconds: Double = 5, limit: Int = 10) {
        self.ratio = ratio
        self.seconds = seconds
        self.limit = limit
    }
}
