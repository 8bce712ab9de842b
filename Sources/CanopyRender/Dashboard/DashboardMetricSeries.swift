import CanopyModel

/// One XCTMetric of one test on one destination over the runs it was judged on, oldest first, the
/// current run last: the Performance view's chart and table, and its change when it changed.
package struct DashboardMetricSeries: Sendable, Equatable, Codable {
    /// One run's measurements: their spread and median, in the metric's unit.
    package struct Point: Sendable, Equatable, Codable {
        package var runKey: String
        package var commit: String?
        package var count: Int
        package var minimum: Double
        package var median: Double
        package var maximum: Double

        package init(runKey: String, commit: String?, count: Int, minimum: Double, median: Double, maximum: Double) {
            self.runKey = runKey
            self.commit = commit
            self.count = count
            self.minimum = minimum
            self.median = median
            self.maximum = maximum
        }
    }

    package var testKey: String
    package var identifier: String
    package var displayName: String?
    package var unit: String?
    package var device: String?
    package var configuration: String?
    package var points: [Point]
    /// The metric's change across history, when it changed (`Dashboard.metricChanges`' entry).
    package var change: MetricChange?

    package init(
        testKey: String, identifier: String, displayName: String?, unit: String?, device: String?,
        configuration: String?, points: [Point], change: MetricChange?
    ) {
        self.testKey = testKey
        self.identifier = identifier
        self.displayName = displayName
        self.unit = unit
        self.device = device
        self.configuration = configuration
        self.points = points
        self.change = change
    }
}
