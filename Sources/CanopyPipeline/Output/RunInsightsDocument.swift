import CanopyAnalysis
import CanopyHistory
import CanopyModel

/// The `canopy.insights/1` document: what history and the gates said about a run.
struct RunInsightsDocument: Encodable {
    var schema = "canopy.insights/1"
    var runKey: String
    var baselineRunKey: String?
    var baseline: BaselineComparison
    var flakiness: [TestFlakiness]
    var flakyElements: [FlakyElement]
    var gates: [GateResult]
    /// The failing tests the new-failures gate did not count, and why (`known flaky`,
    /// `quarantined until …: reason`): with `baseline.newFailures` they give the gate's count.
    var excusedFailures: [ExcusedFailureEntry]

    struct ExcusedFailureEntry: Encodable {
        var test: String
        var reason: String
    }

    init(runKey: String, insights: HistoryInsights, gates: [GateResult], excused: [ExcusedFailure] = []) {
        self.runKey = runKey
        baselineRunKey = insights.baselineRun?.key
        baseline = insights.comparison
        flakiness = insights.flakiness
        flakyElements = insights.flakyElements
        self.gates = gates
        excusedFailures = excused.map { ExcusedFailureEntry(test: $0.test, reason: $0.reasonText) }
    }
}
