/// The files `canopy run` writes into `--out`, in the order they are staged.
enum RunFile: CaseIterable {
    case summary, comment, dashboard, report, insights
    /// The Slack Block Kit message (`SlackRenderer`).
    case slack
    /// GitLab's Code Quality report, in `.gitlab` annotation mode.
    case codeQuality

    /// What a stored run writes in `mode`: the list checked before the run is stored
    /// (`ArtifactWriter.prepare`) and staged after it (`RunFiles.stage`).
    static func written(in mode: AnnotationMode) -> [RunFile] {
        allCases.filter { $0 != .codeQuality || mode == .gitlab }
    }
}
