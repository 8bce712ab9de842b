import Foundation

/// Where a command writes its files under `--out`.
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

    /// What `canopy run` writes (the Code Quality report with `--annotations gitlab`).
    func runFiles(annotations: AnnotationMode) -> [String] {
        [summary, comment, dashboard, report, insights] + (annotations == .gitlab ? [codeQuality] : [])
    }

    /// Canopy's JSON documents here: found among the inputs, they are not inputs.
    var documents: [String] { [report, insights, codeQuality] }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
}
