import Foundation

/// Where a command writes its files under `--out`. Made once per command
/// (`CommandContext.outputPaths`) and handed to each stage that writes.
struct OutputPaths {
    var directory: String
    var summary: String { path("summary.md") }
    var comment: String { path("comment.md") }
    var dashboard: String { path("site/index.html") }
    var report: String { path("report.json") }
    var insights: String { path("insights.json") }
    var codeQuality: String { path("gl-code-quality.json") }
    var trendDashboard: String { path("trend/index.html") }
    var trendSummary: String { path("trend/summary.md") }

    /// The directory the page and its attachments are written into.
    var site: String { (dashboard as NSString).deletingLastPathComponent }

    /// Where `file` of `canopy run` goes.
    func path(of file: RunFile) -> String {
        switch file {
        case .summary: summary
        case .comment: comment
        case .dashboard: dashboard
        case .report: report
        case .insights: insights
        case .codeQuality: codeQuality
        }
    }

    /// Canopy's JSON documents here: found among the inputs, they are not inputs.
    var documents: [String] { [report, insights, codeQuality] }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
}
