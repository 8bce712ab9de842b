import CanopyModel

/// Whether a metric's measurements changed: the current run (with the runs since the change
/// began) against the earlier runs of the window, by the Mann–Whitney U test on the raw
/// measurements.
///
/// The change may have begun at the current run or at any earlier run that leaves at least
/// `minimumRuns` runs before it; each place is tested and the one with the smallest corrected
/// p-value is taken. The correction is a weighted Bonferroni's, so that scanning the window does
/// not raise the rate of false alarms above `significance`: half of it goes to the current run
/// alone (its p-value doubled), the other half is shared by the earlier places (multiplied by
/// twice their number). A change is reported when that p-value is below
/// `significance`, the medians differ by at least the minimum effect (the producer's
/// `maxPercentRegression` when stated, else `minimumEffectPercent`), and the current run's own
/// median differs from the baseline's by that much too, the same way (a change since undone is
/// not reported).
package enum MetricChangeDetector {
    /// The change of `history`, or nil when it has none or too few earlier runs.
    package static func change(of history: MetricHistory, thresholds: MetricChangeThresholds = .init())
        -> MetricChange?
    {
        guard let current = history.samples.last, !current.measurements.isEmpty else { return nil }
        let earlier = history.samples.dropLast().filter { !$0.measurements.isEmpty }.suffix(max(1, thresholds.runs))
            .map { $0 }
        let minimumRuns = max(1, thresholds.minimumRuns)
        guard earlier.count >= minimumRuns else { return nil }
        let places = earlier.count - minimumRuns + 1
        var best: (start: Int, pValue: Double)?
        for start in minimumRuns...earlier.count {
            let before = earlier[..<start].flatMap(\.measurements)
            let after = earlier[start...].flatMap(\.measurements) + current.measurements
            let weight = places == 1 ? 1 : start == earlier.count ? 2 : 2 * Double(places - 1)
            let pValue = min(1, MannWhitney(after, before).pValue * weight)
            if best == nil || pValue <= best!.pValue { best = (start, pValue) }
        }
        guard let best else { return nil }
        let before = earlier[..<best.start].flatMap(\.measurements)
        let after = earlier[best.start...].flatMap(\.measurements) + current.measurements
        guard let baseline = median(before), let now = median(after), let latest = median(current.measurements),
            baseline != 0
        else { return nil }
        let pValue = best.pValue
        let effect = now / baseline - 1
        let latestEffect = latest / baseline - 1
        let minimum =
            (history.maxPercentRegression.flatMap { $0 > 0 ? $0 : nil } ?? thresholds.minimumEffectPercent)
            / 100
        guard pValue < thresholds.significance, abs(effect) >= minimum, abs(latestEffect) >= minimum,
            (effect > 0) == (latestEffect > 0)
        else { return nil }
        let direction: MetricChange.Direction =
            switch history.effectivePolarity {
            case .prefersSmaller: effect > 0 ? .regressed : .improved
            case .prefersLarger: effect < 0 ? .regressed : .improved
            case nil: .changed
            }
        let since = best.start < earlier.count ? earlier[best.start] : current
        return MetricChange(
            testKey: history.testKey, identifier: history.identifier, displayName: history.displayName,
            unit: history.unit, device: history.device, configuration: history.configuration, direction: direction,
            baselineMedian: baseline, currentMedian: now, baselineCount: before.count, currentCount: after.count,
            baselineRuns: best.start, currentRuns: earlier.count - best.start + 1, pValue: pValue,
            baselineSpreadPercent: spreadPercent(before), sinceRunKey: since.runKey, sinceCommit: since.commit)
    }

    /// The changes of `histories`: regressions first, then by the size of the change, largest first.
    package static func changes(of histories: [MetricHistory], thresholds: MetricChangeThresholds = .init())
        -> [MetricChange]
    {
        histories.compactMap { change(of: $0, thresholds: thresholds) }.sorted { left, right in
            let rank: (MetricChange) -> Int = { $0.direction == .regressed ? 0 : $0.direction == .improved ? 1 : 2 }
            if rank(left) != rank(right) { return rank(left) < rank(right) }
            let (a, b) = (abs(left.relativeChange ?? 0), abs(right.relativeChange ?? 0))
            if a != b { return a > b }
            return (left.testKey, left.identifier, left.device ?? "") < (
                right.testKey, right.identifier, right.device ?? ""
            )
        }
    }

    /// The median of `values` (the mean of the middle two for an even count); nil when empty.
    package static func median(_ values: [Double]) -> Double? {
        let sorted = values.filter { !$0.isNaN }.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The sample standard deviation over the mean, in percent; 0 for fewer than two values or a zero mean.
    package static func spreadPercent(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        guard mean != 0 else { return 0 }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return variance.squareRoot() / abs(mean) * 100
    }
}
