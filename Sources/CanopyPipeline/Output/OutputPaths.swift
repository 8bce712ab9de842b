import Foundation

/// Where a command writes its files under `--out`. Made once per command
/// (`CommandContext.outputPaths`) and handed to each stage that writes.
///
/// `canopy run`'s set lives whole in `site/`; the names at the top of `--out` (`summary.md`, …)
/// are symbolic links into it (`OutputStage` says why).
struct OutputPaths {
    var directory: String
    var summary: String { path("summary.md") }
    var comment: String { path("comment.md") }
    var dashboard: String { path("site/index.html") }
    var report: String { path("report.json") }
    var insights: String { path("insights.json") }
    var codeQuality: String { path("gl-code-quality.json") }
    var slack: String { path("slack.json") }
    var trendDashboard: String { path("trend/index.html") }
    var trendSummary: String { path("trend/summary.md") }
    var trendSlack: String { path("trend/slack.json") }

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
        case .slack: slack
        }
    }

    /// Canopy's JSON documents here, at the top of `--out` and their files in `site/`: found among
    /// the inputs, they are not inputs.
    var documents: [String] {
        [report, insights, codeQuality, slack, trendSlack]
            + ["report.json", "insights.json", "gl-code-quality.json", "slack.json"].map {
                path(Self.setDirectory + "/" + $0)
            }
    }

    /// The directory that holds `canopy run`'s set, swapped whole by `OutputStage`.
    static let setDirectory = "site"

    /// The names at the top of `--out` that `canopy run` writes (each a link into `site/`).
    static let linkedNames = [
        "summary.md", "comment.md", "report.json", "insights.json", "gl-code-quality.json", "slack.json",
    ]

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
}
