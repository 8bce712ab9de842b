import CanopyModel

/// The summary's performance section: one line per metric that changed across history
/// (`MetricChange.sentence`'s figures), regressions first; nothing when none changed.
enum MarkdownMetrics {
    /// `run` names the run judged: "this run" in a run's summary, "the latest run" in the trend's.
    static func section(_ changes: [MetricChange], run: String = "this run") -> MarkdownSection {
        guard !changes.isEmpty else { return MarkdownSection(name: "performance", head: "", items: []) }
        let head =
            "### ⏱ Performance: \(MetricChange.countWords(changes))\n\n"
            + "Each metric's measurements in \(run) (and the runs since the change began) against its earlier runs "
            + "on the same destination: medians, Mann–Whitney p-value (metricChanges in canopy.yml).\n\n"
        return MarkdownSection(name: "performance", head: head, items: changes.map(item))
    }

    /// The comment's performance section: the metrics whose change began in this run
    /// (`MetricChange.beganInThisRun`: what the gate counts), one line each; nothing when none did.
    /// Those that changed earlier on the branch history is read from are the summary's.
    static func commentSection(_ changes: [MetricChange]) -> MarkdownSection {
        let here = changes.filter(\.beganInThisRun)
        guard !here.isEmpty else { return MarkdownSection(name: "performance", head: "", items: []) }
        let head = "### ⏱ Metrics that changed in this run (\(Format.count(here.count)))\n\n"
        return MarkdownSection(name: "performance", head: head, items: here.map(item))
    }

    /// `- 🔺 App launch of … is 18 % slower since …`.
    private static func item(_ change: MetricChange) -> String {
        "- \(mark(change)) \(MarkdownText.escape(change.sentence))\n"
    }

    /// 🔺 regressed, 🔻 improved, ↕️ changed with no known better direction.
    static func mark(_ change: MetricChange) -> String {
        change.direction == .regressed ? "🔺" : change.direction == .improved ? "🔻" : "↕️"
    }
}
