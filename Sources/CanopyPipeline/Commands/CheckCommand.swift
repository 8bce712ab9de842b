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
        let prepared = try context.prepare()
        let (insights, missing) = try await context.withStoreOrNone { try await context.insights(for: prepared, store: $0, stored: false) }
        let (input, warnings, notes) = GateInputBuilder.build(
            prepared: prepared, comparison: insights.comparison, quarantine: context.configuration.quarantine,
            flakyPast: insights.flakyPast, flakyBefore: insights.flakyBefore,
            flakyGate: context.configuration.gates.maximumNewFlakyTests != nil, now: context.options.now)
        let gates = GateEvaluator.evaluate(input, configuration: context.configuration.gates)
        var lines = warnings.map { "warning: \($0)" } + notes.map { "note: \($0)" }
        if let missing { lines.append("note: no history store at \(missing): judged without history (nothing was created there)") }
        if missing == nil, let note = context.targetBranchNote(for: prepared.run, baseline: insights.baselineRun) { lines.append("note: " + note) }
        let baseline =
            insights.baselineRun.map { "against \($0.baselineLabel(comparedWithRunOn: prepared.run.metadata.branch))" }
            ?? "without a baseline (no earlier run of another commit on this branch or the target branch)"
        lines.append("checked \(prepared.run.tests.count) tests \(baseline)")
        lines += GateText.lines(gates)
        return (gates, lines, GateText.lines(gates, failedOnly: true))
    }
}
