/// When a metric's measurements count as changed (`metricChanges:` in canopy.yml).
package struct MetricChangeThresholds: Sendable, Equatable, Hashable, Codable {
    /// Earlier runs with the metric on the same destination that the current run is compared with
    /// at most (`runs`, default 10).
    package var runs: Int
    /// Earlier runs before a change needed to judge it (`minimumRuns`, default 3): with fewer, no
    /// change is reported and the gate is off for the metric.
    package var minimumRuns: Int
    /// The smallest change of the median, in percent, that counts (`minimumEffect`, default 5),
    /// unless the producer states its own `maxPercentRegression` for the metric.
    package var minimumEffectPercent: Double
    /// The largest p-value, after the correction for the places a change could begin, that counts
    /// as significant (`significance`, default 0.01).
    package var significance: Double

    package init(runs: Int = 10, minimumRuns: Int = 3, minimumEffectPercent: Double = 5, significance: Double = 0.01) {
        self.runs = runs
        self.minimumRuns = minimumRuns
        self.minimumEffectPercent = minimumEffectPercent
        self.significance = significance
    }
}
