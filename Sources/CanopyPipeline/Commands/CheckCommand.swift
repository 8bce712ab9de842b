import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// `canopy check`: evaluate the gates for the inputs against history, storing nothing.
package struct CheckCommand {
    package let context: CommandContext

    package init(options: RunOptions) throws {
        context = try CommandContext(options: options)
    }

    /// The gates, the lines to print, and what `--quiet` keeps of them (failed gates, their tests).
    package func run() async throws -> (gates: [GateResult], lines: [String], quietLines: [String]) {
        let context = context
        async let indexed = context.sources.catalog()
        let prepared = try await context.reader.prepare()
        let catalog = try await indexed
        let (insights, missing) = try await context.history.withStoreOrNone { store in
            try await context.historyJudge.insights(
                for: prepared, store: store, stored: false,
                chosenBaseline: try await context.historyJudge.chosenBaseline(in: store),
                sourceIndex: catalog?.index)
        }
        let judged = context.runJudge.judge(
            prepared, insights: insights, now: context.options.now, testExitCode: context.options.testExitCode)
        let gates = judged.gates
        var lines = judged.warnings.map { "warning: \($0.text)" } + judged.notes.map { "note: \($0.text)" }
        if let missing {
            lines.append("note: no history store at \(missing): judged without history (nothing was created there)")
        }
        if missing == nil, let note = context.targetBranchNote(for: prepared.run, baseline: insights.baselineRun) {
            lines.append("note: " + note.text)
        }
        let baseline =
            insights.baselineRun.map { "against \($0.baselineLabel(comparedWithRunOn: prepared.run.metadata.branch))" }
            ?? "without a baseline (no earlier run of another commit on this branch or the target branch)"
        lines.append("checked \(prepared.run.tests.count) tests \(baseline)")
        lines += GateText.lines(gates)
        if let owners = Self.owners(prepared, insights: insights, judged: judged, catalog: catalog, context: context) {
            lines.append(owners)
        }
        return (gates, lines, GateText.lines(gates, failedOnly: true))
    }

    /// `new failures by owner: @payments-ios 2, no owner 1`, counted as the page counts them
    /// (`DashboardCode.newFailuresByOwner`); nil without sources or new failures.
    static func owners(
        _ prepared: PreparedRun, insights: HistoryInsights, judged: Judgement, catalog: SourceCatalog?,
        context: CommandContext
    ) -> String? {
        guard let catalog, !judged.newFailures.isEmpty else { return nil }
        var input = DashboardInput(
            prepared: prepared, parts: .empty, insights: insights, gates: judged.gates, dashboardPath: nil,
            now: context.options.now)
        input.verdicts = judged.verdicts
        input.source = catalog
        guard let code = DashboardBuilder(input: input).build().code else { return nil }
        var parts = code.newFailuresByOwner.map { "\($0.owner) \($0.newFailures)" }
        if code.unownedNewFailures > 0 { parts.append("no owner \(code.unownedNewFailures)") }
        return "new failures by owner: " + parts.joined(separator: ", ")
    }
}
