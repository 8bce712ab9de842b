import CanopyAnalysis
import CanopyModel
import CanopyRender

extension DashboardBuilder {
    /// The Performance view's series: each of the run's metrics over the window it was judged on,
    /// each run's measurements as their least, median and greatest, with the metric's change.
    static func metricSeries(_ insights: HistoryInsights?) -> [DashboardMetricSeries] {
        guard let insights else { return [] }
        return insights.metricHistories.map { history in
            let points = history.samples.compactMap { sample -> DashboardMetricSeries.Point? in
                let values = sample.measurements.filter(\.isFinite)
                guard let median = MetricChangeDetector.median(values), let low = values.min(), let high = values.max()
                else { return nil }
                return .init(
                    runKey: sample.runKey, commit: sample.commit, count: values.count, minimum: low, median: median,
                    maximum: high)
            }
            let change = insights.metricChanges.first {
                $0.testKey == history.testKey && $0.identifier == history.identifier && $0.unit == history.unit
                    && $0.device == history.device && $0.configuration == history.configuration
            }
            return DashboardMetricSeries(
                testKey: history.testKey, identifier: history.identifier, displayName: history.displayName,
                unit: history.unit, device: history.device, configuration: history.configuration, points: points,
                change: change)
        }
    }
}
