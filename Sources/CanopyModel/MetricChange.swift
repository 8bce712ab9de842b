/// One metric of one test whose measurements changed across history: this run's (and the runs since
/// the change began) against the runs before it in the window, on the same destination and
/// configuration. Every figure a surface shows of the change is read from here.
package struct MetricChange: Sendable, Equatable, Hashable, Codable {
    /// Which way the change goes for the people who own the metric.
    package enum Direction: String, Sendable, Equatable, Hashable, Codable {
        /// Worse, by the metric's polarity.
        case regressed
        /// Better, by the metric's polarity.
        case improved
        /// The metric states no polarity and its unit is not a known time or memory unit.
        case changed
    }

    package var testKey: String
    /// The metric as the producer names it (`MetricMeasurement.identifier`, `displayName`, `unit`).
    package var identifier: String
    package var displayName: String?
    package var unit: String?
    /// The destination and configuration of the measurements compared, when known.
    package var device: String?
    package var configuration: String?
    package var direction: Direction
    /// The median of the measurements before the change, and of those since, in `unit`.
    package var baselineMedian: Double
    package var currentMedian: Double
    /// How many measurements, and of how many runs, each median is of.
    package var baselineCount: Int
    package var currentCount: Int
    package var baselineRuns: Int
    package var currentRuns: Int
    /// The Mann–Whitney two-sided p-value of the two sets of measurements, corrected for the
    /// places in the window the change could have begun (`MetricChangeDetector`), at most 1.
    package var pValue: Double
    /// The relative standard deviation of the measurements before the change, in percent: how
    /// noisy the metric is, and so how much evidence a change of it needs.
    package var baselineSpreadPercent: Double
    /// The first run and commit of the change: the current run's when it alone changed.
    package var sinceRunKey: String
    package var sinceCommit: String?
    /// The accessibility identifiers the test touched, which name the screen measured: from the
    /// run's steps, snapshots and failures, then the sources' queries in the test and its class;
    /// empty when neither says.
    package var identifiers: [String] = []

    package init(
        testKey: String, identifier: String, displayName: String? = nil, unit: String? = nil, device: String? = nil,
        configuration: String? = nil, direction: Direction, baselineMedian: Double, currentMedian: Double,
        baselineCount: Int, currentCount: Int, baselineRuns: Int, currentRuns: Int, pValue: Double,
        baselineSpreadPercent: Double, sinceRunKey: String, sinceCommit: String? = nil
    ) {
        self.testKey = testKey
        self.identifier = identifier
        self.displayName = displayName
        self.unit = unit
        self.device = device
        self.configuration = configuration
        self.direction = direction
        self.baselineMedian = baselineMedian
        self.currentMedian = currentMedian
        self.baselineCount = baselineCount
        self.currentCount = currentCount
        self.baselineRuns = baselineRuns
        self.currentRuns = currentRuns
        self.pValue = pValue
        self.baselineSpreadPercent = baselineSpreadPercent
        self.sinceRunKey = sinceRunKey
        self.sinceCommit = sinceCommit
    }

    /// Whether the change began at the run judged (its only run since the change is that run):
    /// what the metric gate counts and the pull-request comment lists. One that began earlier on
    /// the branch history is read from (a pull request's target) is not this run's doing.
    package var beganInThisRun: Bool { currentRuns == 1 }

    /// `currentMedian / baselineMedian − 1`: 0.18 is 18 % more; nil when the baseline median is 0.
    package var relativeChange: Double? {
        baselineMedian == 0 ? nil : currentMedian / baselineMedian - 1
    }

    /// The change in whole percent, rounded half away from zero, as every surface states it; nil
    /// when the baseline median is 0 or the change is no finite number.
    package var percentChange: Int? {
        relativeChange.flatMap { Int(exactly: ($0 * 100).rounded()) }
    }
}
