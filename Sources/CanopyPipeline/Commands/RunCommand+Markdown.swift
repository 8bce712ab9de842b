import CanopyRender

/// The Markdown of `canopy run`: the step summary and the pull-request comment, for a judged run
/// and for one whose inputs could not be read alike.
extension RunCommand {
    /// What a pull-request comment starts with: a marker a job can find the comment by, to update
    /// one comment per pull request rather than add one per push.
    static let commentMarker = "<!-- canopy:comment -->\n"

    /// The step summary and the pull-request comment of `dashboard`, within the budgets of
    /// `output` (the comment's with its marker). A judged run's comment is the reviewer's short
    /// form (`MarkdownComment`); a run not judged (its inputs could not be read) comments its
    /// summary, cut to the comment's budget from the same rendering, so that the comment too
    /// leads with the inputs that could not be read.
    static func markdown(_ dashboard: Dashboard, judged: Bool, output: OutputConfiguration) -> (
        summary: String, comment: String
    ) {
        let commentBudget = output.commentBudget - commentMarker.utf8.count
        guard judged else {
            let both = MarkdownRenderer.render(dashboard, budgets: [output.summaryBudget, commentBudget])
            return (both[0], commentMarker + both[1])
        }
        return (
            MarkdownRenderer(budget: output.summaryBudget).render(dashboard),
            commentMarker + MarkdownComment(budget: commentBudget).render(dashboard)
        )
    }

    /// What is appended to the step summary, which GitHub drops whole past 1 MiB (with what
    /// earlier steps wrote): the summary if it fits in `room`, else the shorter PR-comment text,
    /// else a line saying where the summary is.
    static func stepSummary(summary: String, short: String, room: Int) -> String {
        if summary.utf8.count + 1 <= room { return summary }
        if short.utf8.count + 1 <= room { return short }
        return "Canopy: the step summary has no room left for this run's summary; it is in the job's Reports/summary.md"
    }

    /// Appends what fits of `files` (`stepSummary`) to the CI's step summary
    /// (`$GITHUB_STEP_SUMMARY`), when there is one.
    func appendStepSummary(_ files: RunFiles) throws {
        guard let path = context.ci.stepSummaryPath else { return }
        let room = context.configuration.output.summaryBudget - ArtifactWriter.size(of: path)
        try ArtifactWriter.append(
            Self.stepSummary(summary: files.summary, short: files.comment, room: room) + "\n", to: path)
    }
}
