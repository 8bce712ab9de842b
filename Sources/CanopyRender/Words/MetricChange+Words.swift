import CanopyModel
import Foundation

/// A metric's change in words: every surface that names one (the summary, the comment, the gate's
/// items, the page, `insights.json`) reads these, each figure from the one `MetricChange`.
extension MetricChange {
    /// The metric for people: `App launch` for Xcode's launch metric, else the producer's display
    /// name, else its identifier.
    package var metricName: String { Self.metricName(identifier: identifier, displayName: displayName) }

    /// `1 metric regressed, 2 otherwise changed`: how the summary, the trend and Slack count a
    /// run's changes.
    package static func countWords(_ changes: [MetricChange]) -> String {
        let regressed = changes.filter { $0.direction == .regressed }.count
        return
            "\(Format.plural(regressed, "metric")) regressed, \(Format.count(changes.count - regressed)) otherwise changed"
    }

    /// `metricName` of any metric.
    package static func metricName(identifier: String, displayName: String?) -> String {
        if identifier.contains("XCTMetric_ApplicationLaunch") { return "App launch" }
        if identifier.hasSuffix("XCTPerformanceMetric_WallClockTime") { return "Wall clock time" }
        return displayName ?? identifier
    }

    /// The test's key without the destination `device` names after it (`Class/test@iPhone 17 Pro`):
    /// the sentence names the destination once.
    package var testName: String {
        guard let device, testKey.hasSuffix("@" + device) else { return testKey }
        return String(testKey.dropLast(device.count + 1))
    }

    /// `18 % slower`, `12 % faster`, `9 % higher` (a regression of a metric that prefers
    /// smaller values and is no time), `9 % lower`.
    package var changeWords: String {
        let percent = abs(percentChange ?? 0)
        let higher = currentMedian > baselineMedian
        let time = MetricMeasurement.secondsPerUnit(unit) != nil
        let word = time ? (higher ? "slower" : "faster") : (higher ? "higher" : "lower")
        return "\(percent) % \(word)"
    }

    /// `2.91 s`: a median in the metric's own unit, three significant digits.
    package func valueText(_ value: Double) -> String { Self.valueText(value, unit: unit) }

    /// `valueText` of any value in `unit`.
    package static func valueText(_ value: Double, unit: String?) -> String {
        let magnitude = value == 0 || !value.isFinite ? 0 : Int(exactly: floor(log10(abs(value)))) ?? 0
        let digits = max(0, 2 - magnitude)
        var text = String(format: "%.\(min(digits, 6))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return unit.map { "\(text) \($0)" } ?? text
    }

    /// `p < 0.01`, `p < 0.001`, `p = 0.004`.
    package var confidenceText: String {
        if pValue < 0.001 { return "p < 0.001" }
        if pValue < 0.01 { return "p < 0.01" }
        return "p = " + String(format: "%.3f", pValue)
    }

    /// The commit the change began at, short: `c0010`, `3f2a9c1`.
    package var sinceText: String {
        guard let commit = sinceCommit, !commit.isEmpty else { return "run \(sinceRunKey)" }
        return String(commit.prefix(7))
    }

    /// `2.91 s → 3.4 s, medians of 50 and 5 measurements, p < 0.01`, and when the metric is noisy
    /// (its spread before the change 15 % or more) that it needs a larger change to show.
    package var evidenceText: String {
        var text =
            "\(valueText(baselineMedian)) → \(valueText(currentMedian)), medians of \(baselineCount) and "
            + "\(currentCount) measurements, \(confidenceText)"
        if baselineSpreadPercent >= 15 {
            text +=
                "; a noisy metric (spread \(Int(exactly: baselineSpreadPercent.rounded()) ?? 0) %): only large changes show"
        }
        return text
    }

    /// `App launch of AppUITests/testLaunch() on iPhone 17 Pro is 18 % slower since c0010 (or "in
    /// this run" for a change that began at the run judged) (2.91 s → 3.4 s, medians
    /// of 50 and 5 measurements, p < 0.01); the test touches Player.PlayPause`.
    package var sentence: String {
        var text = "\(metricName) of \(testName)"
        if let device { text += " on \(device)" }
        if let configuration { text += " (\(configuration))" }
        text += " is \(changeWords) " + (beganInThisRun ? "in this run" : "since \(sinceText)")
        switch direction {
        case .regressed: break
        case .improved: text += ", an improvement"
        case .changed: text += ", a change (no known better direction)"
        }
        text += " (\(evidenceText))"
        if let screen = screenText { text += "; " + screen }
        return text
    }

    /// `the test touches Player.PlayPause and Player.Root`: the screen measured, from at most three
    /// of `identifiers`; nil when none is known.
    package var screenText: String? {
        guard !identifiers.isEmpty else { return nil }
        let shown = identifiers.prefix(3)
        var list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown[0]
        if identifiers.count > 3 { list = shown.joined(separator: ", ") + " and \(identifiers.count - 3) more" }
        return "the test touches " + list
    }
}
