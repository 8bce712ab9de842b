/// One XCTMetric an attempt measured (`measure {}`, `measure(metrics:)`): the producer's
/// identifier, name and unit as written, the values in the order taken, and the producer's own
/// thresholds when it states them.
///
/// A metric is evidence beside the attempt's outcome, never instead of it: a test that measures
/// passes or fails on its own. Units are the producer's strings ("s", "seconds", "kB",
/// "hitches/s"), kept as written; only `seconds` converts, and only units it knows.
package struct MetricMeasurement: Sendable, Equatable, Hashable, Codable {
    /// Which way is better, as the producer says (`polarity`).
    package enum Polarity: String, Sendable, Equatable, Hashable, Codable {
        case prefersSmaller = "prefers smaller"
        case prefersLarger = "prefers larger"
    }

    /// The producer's thresholds and baseline for the metric; each nil when not stated.
    package struct Thresholds: Sendable, Equatable, Hashable, Codable {
        /// The baseline's name; nil when no baseline is set (Xcode writes `""`).
        package var baselineName: String?
        /// The baseline's average, in the metric's unit; nil when no baseline is set (Xcode
        /// writes `0` beside an empty name).
        package var baselineAverage: Double?
        /// The largest allowed regression from the baseline, in the metric's unit.
        package var maxRegression: Double?
        /// The largest allowed regression from the baseline, in percent.
        package var maxPercentRegression: Double?
        /// The largest allowed standard deviation of the measurements, in the metric's unit.
        package var maxStandardDeviation: Double?
        /// The largest allowed relative standard deviation of the measurements, in percent.
        package var maxPercentRelativeStandardDeviation: Double?

        package init(
            baselineName: String? = nil, baselineAverage: Double? = nil, maxRegression: Double? = nil,
            maxPercentRegression: Double? = nil, maxStandardDeviation: Double? = nil,
            maxPercentRelativeStandardDeviation: Double? = nil
        ) {
            self.baselineName = baselineName
            self.baselineAverage = baselineAverage
            self.maxRegression = maxRegression
            self.maxPercentRegression = maxPercentRegression
            self.maxStandardDeviation = maxStandardDeviation
            self.maxPercentRelativeStandardDeviation = maxPercentRelativeStandardDeviation
        }

        /// Whether no threshold and no baseline is stated.
        package var isEmpty: Bool { self == Thresholds() }
    }

    /// `com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration`,
    /// `com.apple.XCTPerformanceMetric_WallClockTime`: never a closed list.
    package var identifier: String
    /// The producer's name for people (`Duration (AppLaunch)`, `Time`), when it gives one.
    package var displayName: String?
    /// The producer's unit as written, when it gives one.
    package var unit: String?
    /// nil when the producer states none, or one not known.
    package var polarity: Polarity?
    /// The values in the order taken (the first is often a warm-up), in `unit`.
    package var measurements: [Double]
    /// nil when the producer states none.
    package var thresholds: Thresholds?

    package init(
        identifier: String, displayName: String? = nil, unit: String? = nil, polarity: Polarity? = nil,
        measurements: [Double], thresholds: Thresholds? = nil
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.unit = unit
        self.polarity = polarity
        self.measurements = measurements
        self.thresholds = thresholds
    }

    /// Seconds per `unit`, for the time units known ("s", "seconds", "ms", …); nil for any other.
    package static func secondsPerUnit(_ unit: String?) -> Double? {
        switch unit?.lowercased() {
        case "s", "sec", "secs", "second", "seconds": 1
        case "ms", "millisecond", "milliseconds": 0.001
        case "µs", "us", "microsecond", "microseconds": 0.000_001
        case "ns", "nanosecond", "nanoseconds": 0.000_000_001
        default: nil
        }
    }

    /// The measurements in seconds when `unit` is a known time unit; nil otherwise (the values are
    /// then only comparable with the same metric's, in its own unit).
    package var seconds: [Double]? {
        Self.secondsPerUnit(unit).map { scale in measurements.map { $0 * scale } }
    }
}
