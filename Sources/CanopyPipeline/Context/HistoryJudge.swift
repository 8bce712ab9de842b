import CanopyAnalysis
import CanopyConfig
import CanopyHistory
import CanopyModel
import Foundation

/// Judges a run against history: its baseline, its tests' flakiness and the flaky elements over
/// its window, its trend, its slower tests, metric changes, history strips and flaky costs
/// (`insights(for:)`), from the settings that decide them. A value a command makes from its
/// settings (`CommandContext.historyJudge`); it reads only the store it is handed.
package struct HistoryJudge: Sendable {
    /// The analysis settings: flakiness, slower tests, metric changes.
    let configuration: CanopyConfiguration
    /// The clock: a run that names no start is judged as of now.
    let now: Date
    /// `--baseline`: the stored run to compare with instead of the one before.
    let baselineKey: String?
    /// The branch whose runs are a request's baseline (`CommandContext.targetBranch`).
    let targetBranch: String?

    /// The window flakiness is judged over: the history of the run's branch up to the run's start,
    /// as `canopy report --run` judges a stored run: a run started in the past (the sample nights)
    /// keeps its window whatever the clock says.
    func flakinessWindow(for prepared: PreparedRun) -> HistoryWindow { flakinessWindow(for: prepared.run.metadata) }

    /// The flakiness window of a run with `metadata`: its branch, up to its start.
    func flakinessWindow(for metadata: RunMetadata) -> HistoryWindow {
        HistoryWindow(
            branch: metadata.branch, days: configuration.flakiness.windowDays, runs: configuration.flakiness.windowRuns,
            until: metadata.startedAt ?? now)
    }
}
