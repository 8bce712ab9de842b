import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// What `canopy run` says once its files are written: notes, the gates' verdicts, where the
/// files are, and the annotations.
extension RunCommand {
    /// What the command prints and returns: notes, the gates' verdicts, where the files are, and
    /// GitHub's annotations in `.github` mode; the step summary is appended on the way.
    func outcome(
        _ prepared: PreparedRun, result: IngestResult, insights: HistoryInsights, judged: Judgement, files: RunFiles,
        dashboard: Dashboard,
        mode: AnnotationMode, sourcePaths: SourcePathResolver, paths: OutputPaths, timings: StepTimer
    ) -> Outcome {
        var notes = runNotes(prepared.run, baseline: insights.baselineRun)
        // The run is stored and its files written: a step summary that cannot be appended to is
        // a note, not a reason to lose the gates' verdict.
        do { try appendStepSummary(files) } catch { notes.append("\(error); the summary is in \(paths.summary)") }
        var annotations: [String] = []
        if mode == .github {
            // The gate's new failures (as in the summary): without a baseline every failure, but
            // never a quarantined or known flaky test.
            let limit = context.configuration.output.annotations
            let candidates = Annotations.candidates(prepared, newFailures: judged.newFailures, limit: limit)
            annotations =
                Annotations.github(candidates, limit: limit, paths: sourcePaths)
                + Annotations.githubFlaky(
                    prepared, newFlakyTests: judged.input.newFlakyTests, limit: limit, paths: sourcePaths)
                + Annotations.githubAudit(judged.input.newAuditIssues, limit: limit)
                + Annotations.githubMetrics(judged.input.metricRegressions, limit: limit)
        }
        var lines =
            judged.warnings.map { "warning: \($0.text)" } + (judged.notes.map(\.text) + notes).map { "note: \($0)" }
        lines += GateText.lines(judged.gates)
        let merged = prepared.run.metadata.shards.map {
            " (merged from \($0.count) shards: \($0.joined(separator: ", ")))"
        }
        lines.append(
            "run \(prepared.run.metadata.runKey ?? "?")\(merged ?? "") \(result == .inserted ? "stored" : "was already stored") in \(context.storeLocation.redactedStore)"
        )
        lines.append("summary:   \(paths.summary)")
        lines.append("dashboard: \(paths.dashboard)")
        lines.append("report:    \(paths.report)")
        lines.append("slack:     \(paths.slack)")
        return Outcome(
            runKey: prepared.run.metadata.runKey ?? "", stored: result == .inserted, gates: judged.gates,
            annotations: annotations, lines: lines, quietLines: GateText.lines(judged.gates, failedOnly: true),
            timings: timings, dashboard: dashboard,
            retained: [prepared, insights, files.dashboard, files.report, files.insights, files.summary])
    }

    /// What the comparison could not do as asked, for notes: a target branch with no run, a
    /// partial run or baseline, no baseline at all.
    func runNotes(_ run: Run, baseline: StoredRun?) -> [String] {
        var notes: [String] = []
        if let note = context.targetBranchNote(for: run, baseline: baseline) { notes.append(note.text) }
        if let unread = run.metadata.unreadInputs {
            notes.append(
                "stored as partial (--allow-partial): \(unread.count) input(s) could not be read; its tests may be missing"
            )
        }
        if let baseline, let unread = baseline.metadata.unreadInputs {
            notes.append(
                "the baseline \(baseline.key) was stored partial (\(unread.count) input(s) unread): tests missing from it count as new"
            )
        }
        if baseline == nil {
            // A CI job on a throwaway runner with no --store keeps no history: say so, since every
            // failure then counts as new.
            notes.append(
                "no baseline: \(context.storeLocation.redactedStore) holds no earlier run of another commit on this branch"
                    + " or the target branch, so every failing test counts as new (keep the store between jobs: see docs/ci.md)"
            )
        }
        return notes
    }
}
