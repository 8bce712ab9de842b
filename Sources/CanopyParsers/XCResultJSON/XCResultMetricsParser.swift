import CanopyModel

/// The XCTMetrics of one run of a test (one device, one configuration), exported by
/// `xcresulttool get test-results metrics`, before they join the test's attempt (`RunAssembler`).
package struct ExportedMetrics: Sendable, Equatable, Codable {
    package var test: ExportedTestReference
    package var metrics: [MetricMeasurement]
}

/// Reads `xcrun xcresulttool get test-results metrics --format json` (Xcode 16.3+): per test, per
/// run on a device and configuration, its XCTMetrics with their measurements and the producer's
/// thresholds. The document lists no outcomes: alone it is a run of no test results, and its
/// metrics join the tests another input lists.
package struct XCResultMetricsParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultMetrics }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard let tests = root.array else {
            throw .invalidValue(path: path, jsonPath: "$", message: "expected an array of tests")
        }
        var exported: [ExportedMetrics] = []
        for (index, test) in tests.enumerated() {
            guard let identifier = test["testIdentifier"]?.text else {
                throw .invalidValue(
                    path: path, jsonPath: "$[\(index)].testIdentifier", message: "expected the test's identifier")
            }
            for run in test["testRuns"]?.array ?? [] {
                let metrics = (run["metrics"]?.array ?? []).compactMap(Self.metric)
                guard !metrics.isEmpty else { continue }
                let reference = ExportedTestReference(
                    testIdentifier: identifier, deviceName: run["device"]?["deviceName"]?.text,
                    configurationName: run["testPlanConfiguration"]?["configurationName"]?.text)
                exported.append(ExportedMetrics(test: reference, metrics: metrics))
            }
        }
        let file = InputFile(path: path, format: .xcresultMetrics, bytes: bytes)
        return ParsedInput(file: file, metrics: exported)
    }

    /// One entry of a run's `metrics`; nil without an identifier.
    static func metric(_ value: JSONValue) -> MetricMeasurement? {
        guard let identifier = value["identifier"]?.text, !identifier.isEmpty else { return nil }
        return MetricFields.measurement(
            identifier: identifier, displayName: value["displayName"]?.text, unit: value["unitOfMeasurement"]?.text,
            polarity: value["polarity"]?.text,
            measurements: (value["measurements"]?.array ?? []).compactMap(\.number),
            baselineName: value["baselineName"]?.text, baselineAverage: value["baselineAverage"]?.number,
            maxRegression: value["maxRegression"]?.number, maxPercentRegression: value["maxPercentRegression"]?.number,
            maxStandardDeviation: value["maxStandardDeviation"]?.number,
            maxPercentRelativeStandardDeviation: value["maxPercentRelativeStandardDeviation"]?.number)
    }
}

/// One rule for a metric's fields, whichever producer wrote them (the `metrics` JSON, a bundle's
/// `PerformanceMetrics` row).
enum MetricFields {
    /// Measurements kept per metric: Xcode takes 5 or 10; a hostile input cannot make more cost more.
    static let measurementLimit = 10_000

    /// The metric, with non-finite values dropped, an empty baseline name (Xcode's "no baseline")
    /// read as none together with its `0` average, and thresholds nil when none is stated.
    static func measurement(
        identifier: String, displayName: String?, unit: String?, polarity: String?, measurements: [Double],
        baselineName: String?, baselineAverage: Double?, maxRegression: Double?, maxPercentRegression: Double?,
        maxStandardDeviation: Double?, maxPercentRelativeStandardDeviation: Double?
    ) -> MetricMeasurement {
        let finite = { (value: Double?) in value.flatMap { $0.isFinite ? $0 : nil } }
        let name = baselineName.flatMap { $0.isEmpty ? nil : $0 }
        let average = finite(baselineAverage).flatMap { name == nil && $0 == 0 ? nil : $0 }
        let thresholds = MetricMeasurement.Thresholds(
            baselineName: name, baselineAverage: average, maxRegression: finite(maxRegression),
            maxPercentRegression: finite(maxPercentRegression), maxStandardDeviation: finite(maxStandardDeviation),
            maxPercentRelativeStandardDeviation: finite(maxPercentRelativeStandardDeviation))
        return MetricMeasurement(
            identifier: identifier, displayName: displayName.flatMap { $0.isEmpty ? nil : $0 },
            unit: unit.flatMap { $0.isEmpty ? nil : $0 }, polarity: polarity.flatMap(MetricMeasurement.Polarity.init),
            measurements: Array(measurements.lazy.filter(\.isFinite).prefix(measurementLimit)),
            thresholds: thresholds.isEmpty ? nil : thresholds)
    }
}
