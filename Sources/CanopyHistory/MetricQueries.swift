import CanopyModel

/// The read query of `test_metrics` (migration 13), shared by both stores.
enum MetricQueries {
    /// Every stored metric of the runs in `window`, oldest run first, then by test key, attempt and
    /// the metric's place in its attempt.
    static func metrics(_ window: HistoryWindow) -> SQLStatement {
        let ids = HistoryQueries.runIDs(window)
        return SQLStatement(
            sql: """
                SELECT r.run_key, n.test_key, COALESCE(n.device, r.device), n.configuration, tm.attempt_index, \
                i.value, d.value, u.value, tm.polarity, tm.measurements, b.value, tm.baseline_average, tm.max_regression, \
                tm.max_percent_regression, tm.max_standard_deviation, tm.max_percent_relative_standard_deviation \
                FROM test_metrics tm JOIN runs r ON r.id = tm.run_id JOIN test_names n ON n.id = tm.name_id \
                JOIN strings i ON i.id = tm.metric_id LEFT JOIN strings d ON d.id = tm.display_name_id \
                LEFT JOIN strings u ON u.id = tm.unit_id LEFT JOIN strings b ON b.id = tm.baseline_name_id \
                WHERE tm.run_id IN (\(ids.sql)) \
                ORDER BY r.sort_time, r.id, n.test_key, tm.attempt_index, tm.ordinal
                """,
            arguments: ids.arguments)
    }

    /// One row of `metrics`; measurements whose length is not whole values are corrupt.
    static func metric(_ row: some SQLRowReader, location: String) throws -> StoredMetric {
        let bytes = try row.blob(9) ?? []
        guard let measurements = TestMetricRows.unpack(bytes) else {
            throw HistoryError.corruptValue(
                location: location, column: "test_metrics.measurements", value: "\(bytes.count) bytes")
        }
        let thresholds = MetricMeasurement.Thresholds(
            baselineName: try row.text(10), baselineAverage: try row.double(11), maxRegression: try row.double(12),
            maxPercentRegression: try row.double(13), maxStandardDeviation: try row.double(14),
            maxPercentRelativeStandardDeviation: try row.double(15))
        let metric = MetricMeasurement(
            identifier: try row.text(5) ?? "", displayName: try row.text(6), unit: try row.text(7),
            polarity: TestMetricRows.polarity(try row.int(8)), measurements: measurements,
            thresholds: thresholds.isEmpty ? nil : thresholds)
        return StoredMetric(
            runKey: try row.text(0) ?? "", testKey: try row.text(1) ?? "", device: try row.text(2),
            configuration: try row.text(3), attempt: try row.int(4) ?? 0, metric: metric)
    }
}
