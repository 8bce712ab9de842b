/// The rendered files of one `canopy run`: a stored run has them all; a run whose inputs could
/// not be read has its summary, comment, page and Slack message alone (`report`, `insights` nil).
struct RunFiles {
    var summary: String
    var comment: String
    var dashboard: String
    /// The Slack Block Kit message (`slack.json`).
    var slack: [UInt8]
    var report: [UInt8]?
    var insights: [UInt8]?
    /// Set in `.gitlab` annotation mode, for a stored run.
    var codeQuality: String?

    /// Stages each file the run has, of those `mode` writes, at its path (`OutputPaths`).
    func stage(into stage: inout OutputStage, paths: OutputPaths, mode: AnnotationMode) throws {
        for file in RunFile.written(in: mode) {
            let path = paths.path(of: file)
            switch file {
            case .summary: try stage.write(summary, to: path)
            case .comment: try stage.write(comment, to: path)
            case .dashboard: try stage.write(dashboard, to: path)
            case .report: if let report { try stage.write(report, to: path) }
            case .insights: if let insights { try stage.write(insights, to: path) }
            case .codeQuality: if let codeQuality { try stage.write(codeQuality, to: path) }
            case .slack: try stage.write(slack, to: path)
            }
        }
    }
}
