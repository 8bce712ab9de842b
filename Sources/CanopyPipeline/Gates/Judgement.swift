import CanopyAnalysis
import CanopyConfig
import CanopyModel
import Foundation

/// What the gates were given and concluded.
struct Judgement {
    var input: GateInput
    var warnings: [JudgementWarning]
    var notes: [JudgementNote]
    var gates: [GateResult]
    /// Each test's verdict: what `input` counts, and every list the outputs show.
    var verdicts: RunVerdicts
    var newFailures: Set<String> { Set(input.newFailures) }
}

/// Judges a run against what history says of it: each test's verdict, the gates' input and their
/// results. A value of the configuration (`CommandContext.runJudge`).
struct RunJudge: Sendable {
    var configuration: CanopyConfiguration

    /// The gates' input from the run and its history, and their verdicts: how `run` and `check`
    /// judge a run just read, at `now` (the clock's time), with the test command's `testExitCode`.
    func judge(_ prepared: PreparedRun, insights: HistoryInsights, now: Date, testExitCode: Int32?) -> Judgement {
        judge(
            JudgedRun(prepared), subject: GateSubject(prepared), insights: insights, judgedAt: now,
            testExitCode: testExitCode)
    }

    /// How every run is judged: `run` and `check` a run just read, `report` and the trend's latest
    /// run a stored one, as of its start (history keeps no test command's exit code: its gate is
    /// judged only by `run` and `check`).
    func judge(
        _ run: JudgedRun, subject: GateSubject, insights: HistoryInsights, judgedAt: Date, testExitCode: Int32?
    ) -> Judgement {
        let verdicts = self.verdicts(of: run, insights: insights, judgedAt: judgedAt)
        var (input, warnings, notes) = GateInputBuilder.build(
            subject: subject, comparison: insights.comparison, configuration: configuration,
            verdicts: verdicts, now: judgedAt)
        input.testExitCode = testExitCode
        // Like new failures, only regressions that began at this run (`MetricChange.beganInThisRun`);
        // the summary and the Performance view still show the others.
        input.metricRegressions = insights.metricChanges.filter { $0.direction == .regressed && $0.beganInThisRun }
        input.metricsJudged = insights.metricsJudged
        return Judgement(
            input: input, warnings: warnings, notes: notes,
            gates: GateEvaluator.evaluate(input, configuration: configuration.gates), verdicts: verdicts)
    }

    /// Each test's verdict in `run`, against what history says of it (`insights`), with the
    /// quarantine active at `judgedAt`: `run` and `check` judge at the clock's time, `report` and
    /// the trend as of the stored run's start. Without history (`nil`: `run` showing its readable
    /// inputs when the store cannot be read) every failure is new and no test has a history state.
    func verdicts(of run: JudgedRun, insights: HistoryInsights?, judgedAt: Date) -> RunVerdicts {
        guard let insights else {
            return RunVerdicts.judge(
                rows: run.testRows, failures: run.failures,
                comparison: BaselineComparer.compare(run.snapshot, with: nil, slowdown: configuration.slowerTests),
                quarantine: configuration.activeQuarantine(on: judgedAt))
        }
        let metadata = run.metadata
        let request = metadata.baseBranch.flatMap { $0 != metadata.branch ? $0 : nil }
        let states = Dictionary(
            insights.flakiness.map { ($0.key.testKey, $0.state) }, uniquingKeysWith: { first, _ in first })
        return RunVerdicts.judge(
            rows: run.testRows, failures: run.failures, comparison: insights.comparison, states: states,
            stateBranch: request ?? metadata.branch, ownCommit: request == nil ? nil : metadata.commit,
            quarantine: configuration.activeQuarantine(on: judgedAt),
            flakyPast: insights.flakyPast, flakyBefore: insights.flakyBefore)
    }
}
