import CanopyModel

/// The summary's performance section: one line per metric that changed across history
/// (`MetricChange.sentence`'s figures), regressions first; nothing when none changed.
enum MarkdownMetrics {
    static func section(_ changes: [MetricChange]) -> MarkdownSection {
        guard !changes.isEmpty else { return MarkdownSection(name: "performance", head: "", items: []) }
        let regressed = changes.filter { $0.direction == .regressed }.count
        let head =
            "### ⏱ Performance: \(Format.plural(regressed, "metric")) regressed, "
            + "\(Format.count(changes.count - regressed)) otherwise changed\n\n"
            + "Each metric's measurements in this run (and the runs since the change began) against its earlier runs "
            + "on the same destination: medians, Mann–Whitney p-value (metricChanges in canopy.yml).\n\n"
        let items = changes.map { change in
            let mark = change.direction == .regressed ? "🔺" : change.direction == .improved ? "🔻" : "↕️"
            return "- \(mark) \(MarkdownText.escape(change.sentence))\n"
        }
        return MarkdownSection(name: "performance", head: head, items: items)
    }
}
