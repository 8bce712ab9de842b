/// One metric of one test attempt as a history store keeps it: per run, per test (its key names
/// its device and configuration when the run had several), per attempt.
package struct StoredMetric: Sendable, Equatable, Hashable {
    package var runKey: String
    package var testKey: String
    /// The test's device when its key names one, else the run's device, when known.
    package var device: String?
    /// The test's configuration when its key names one.
    package var configuration: String?
    /// 0 for the test's first attempt.
    package var attempt: Int
    package var metric: MetricMeasurement

    package init(
        runKey: String, testKey: String, device: String?, configuration: String?, attempt: Int,
        metric: MetricMeasurement
    ) {
        self.runKey = runKey
        self.testKey = testKey
        self.device = device
        self.configuration = configuration
        self.attempt = attempt
        self.metric = metric
    }
}
