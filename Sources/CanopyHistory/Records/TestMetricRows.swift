import CanopyModel

/// The rows of `test_metrics` a run inserts: each metric of each attempt of its tests, with the
/// measurements packed into one blob (migration 13).
struct TestMetricRows: RunChildRows {
    static let table = "test_metrics"
    static let columns = [
        "run_id", "name_id", "attempt_index", "ordinal", "metric_id", "display_name_id", "unit_id", "polarity",
        "measurements", "baseline_name_id", "baseline_average", "max_regression", "max_percent_regression",
        "max_standard_deviation", "max_percent_relative_standard_deviation",
    ]

    private struct Row: Sendable {
        var test: String
        var attempt: Int
        var ordinal: Int
        var metric: MetricMeasurement
    }

    private let rows: [Row]
    private let names: [TestName]

    init(tests: [TestCase]) {
        var rows: [Row] = []
        var names: [TestName] = []
        for test in tests where test.attempts.contains(where: { $0.metrics?.isEmpty == false }) {
            let key = test.identity.key
            names.append(TestName(test.identity, key: key))
            for (attempt, measured) in test.attempts.enumerated() {
                for (ordinal, metric) in (measured.metrics ?? []).enumerated() {
                    rows.append(Row(test: key, attempt: attempt, ordinal: ordinal, metric: metric))
                }
            }
        }
        self.rows = rows
        self.names = names
    }

    var count: Int { rows.count }

    var references: RowReferences {
        var strings = Set<String>()
        for row in rows {
            strings.insert(row.metric.identifier)
            for text in [row.metric.displayName, row.metric.unit, row.metric.thresholds?.baselineName] {
                if let text { strings.insert(text) }
            }
        }
        return RowReferences(names: names, strings: strings.sorted())
    }

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        let row = rows[index]
        let metric = row.metric
        let thresholds = metric.thresholds
        sink.int(ids.run)
        sink.int(ids.names[row.test])
        sink.int(row.attempt)
        sink.int(row.ordinal)
        sink.int(ids.strings[metric.identifier])
        sink.int(metric.displayName.flatMap { ids.strings[$0] })
        sink.int(metric.unit.flatMap { ids.strings[$0] })
        sink.int(metric.polarity.map(Self.code))
        sink.blob(Self.pack(metric.measurements))
        sink.int(thresholds?.baselineName.flatMap { ids.strings[$0] })
        sink.double(thresholds?.baselineAverage)
        sink.double(thresholds?.maxRegression)
        sink.double(thresholds?.maxPercentRegression)
        sink.double(thresholds?.maxStandardDeviation)
        sink.double(thresholds?.maxPercentRelativeStandardDeviation)
    }

    /// How `test_metrics.polarity` stores a polarity. Append only.
    static func code(_ polarity: MetricMeasurement.Polarity) -> Int {
        switch polarity {
        case .prefersSmaller: 0
        case .prefersLarger: 1
        }
    }

    static func polarity(_ code: Int?) -> MetricMeasurement.Polarity? {
        switch code {
        case 0: .prefersSmaller
        case 1: .prefersLarger
        default: nil
        }
    }

    /// Bytes a stored measurement takes in `measurements`.
    static let bytesPerMeasurement = 8

    /// The values as little-endian IEEE 754 doubles, in order.
    static func pack(_ values: [Double]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * bytesPerMeasurement)
        for value in values {
            let bits = value.bitPattern.littleEndian
            withUnsafeBytes(of: bits) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The values `pack` wrote; nil when the length is not a whole number of values.
    static func unpack(_ bytes: [UInt8]) -> [Double]? {
        guard bytes.count % bytesPerMeasurement == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: bytesPerMeasurement).map { start in
            var bits: UInt64 = 0
            for offset in 0..<bytesPerMeasurement { bits |= UInt64(bytes[start + offset]) << (8 * UInt64(offset)) }
            return Double(bitPattern: bits)
        }
    }
}
