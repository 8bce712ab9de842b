import CanopyModel

/// One metric of one test on one destination and configuration over a window of runs, oldest
/// first, the current run last: what `MetricChangeDetector` judges.
package struct MetricHistory: Sendable, Equatable, Hashable {
    /// One run's measurements of the metric (every attempt's, in order).
    package struct Sample: Sendable, Equatable, Hashable {
        package var runKey: String
        package var commit: String?
        package var measurements: [Double]

        package init(runKey: String, commit: String? = nil, measurements: [Double]) {
            self.runKey = runKey
            self.commit = commit
            self.measurements = measurements
        }
    }

    package var testKey: String
    package var identifier: String
    package var displayName: String?
    package var unit: String?
    package var polarity: MetricMeasurement.Polarity?
    package var device: String?
    package var configuration: String?
    /// The producer's `maxPercentRegression` in the current run, when stated.
    package var maxPercentRegression: Double?
    /// Oldest first; the last is the current run.
    package var samples: [Sample]

    package init(
        testKey: String, identifier: String, displayName: String? = nil, unit: String? = nil,
        polarity: MetricMeasurement.Polarity? = nil, device: String? = nil, configuration: String? = nil,
        maxPercentRegression: Double? = nil, samples: [Sample]
    ) {
        self.testKey = testKey
        self.identifier = identifier
        self.displayName = displayName
        self.unit = unit
        self.polarity = polarity
        self.device = device
        self.configuration = configuration
        self.maxPercentRegression = maxPercentRegression
        self.samples = samples
    }

    /// The polarity the metric states, else "prefers smaller" for a known time or memory unit,
    /// else nil: a change is then neither a regression nor an improvement.
    package var effectivePolarity: MetricMeasurement.Polarity? {
        if let polarity { return polarity }
        if MetricMeasurement.secondsPerUnit(unit) != nil { return .prefersSmaller }
        switch unit?.lowercased() {
        case "b", "byte", "bytes", "kb", "kib", "mb", "mib", "gb", "gib", "kilobytes", "megabytes":
            return .prefersSmaller
        default: return nil
        }
    }

    /// The histories of the current run's metrics in `stored` (every stored metric of a window,
    /// the current run's included), by test, metric, unit, destination and configuration, runs in
    /// the order of `runKeys` (oldest first, the current run last); `commits` names each run's commit.
    package static func histories(
        _ stored: [StoredMetric], runKeys: [String], currentRunKey: String, commits: [String: String] = [:]
    ) -> [MetricHistory] {
        struct Key: Hashable {
            var testKey, identifier: String
            var unit, device, configuration: String?
        }
        var byKey: [Key: [String: [Double]]] = [:]
        var current: [Key: MetricMeasurement] = [:]
        var order: [Key] = []
        for row in stored {
            let key = Key(
                testKey: row.testKey, identifier: row.metric.identifier, unit: row.metric.unit, device: row.device,
                configuration: row.configuration)
            byKey[key, default: [:]][row.runKey, default: []].append(contentsOf: row.metric.measurements)
            if row.runKey == currentRunKey, current[key] == nil {
                current[key] = row.metric
                order.append(key)
            }
        }
        let position = Dictionary(runKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return order.compactMap { key in
            guard let metric = current[key], let runs = byKey[key] else { return nil }
            let samples = runs.keys.filter { position[$0] != nil && $0 != currentRunKey }
                .sorted { position[$0]! < position[$1]! }
                .map { Sample(runKey: $0, commit: commits[$0], measurements: runs[$0] ?? []) }
            let now = Sample(
                runKey: currentRunKey, commit: commits[currentRunKey], measurements: runs[currentRunKey] ?? [])
            return MetricHistory(
                testKey: key.testKey, identifier: key.identifier, displayName: metric.displayName, unit: key.unit,
                polarity: metric.polarity, device: key.device, configuration: key.configuration,
                maxPercentRegression: metric.thresholds?.maxPercentRegression, samples: samples + [now])
        }
    }
}
