import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
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
        let prepared = try await context.prepare()
        let (insights, missing) = try await context.withStoreOrNone { store in
            try await context.insights(
                for: prepared, store: store, stored: false, chosenBaseline: try await context.chosenBaseline(in: store))
        }
        let judged = context.judge(prepared, insights: insights)
        let gates = judged.gates
        var lines = judged.warnings.map { "warning: \($0)" } + judged.notes.map { "note: \($0)" }
        if let missing {
            lines.append("note: no history store at \(missing): judged without history (nothing was created there)")
        }
        if missing == nil, let note = context.targetBranchNote(for: prepared.run, baseline: insights.baselineRun) {
            lines.append("note: " + note)
        }
        let baseline =
            insights.baselineRun.map { "against \($0.baselineLabel(comparedWithRunOn: prepared.run.metadata.branch))" }
            ?? "without a baseline (no earlier run of another commit on this branch or the target branch)"
        lines.append("checked \(prepared.run.tests.count) tests \(baseline)")
        lines += GateText.lines(gates)
        return (gates, lines, GateText.lines(gates, failedOnly: true))
    }
}
