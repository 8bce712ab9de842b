import CanopyConfig

/// What the gates were given and concluded.
struct Judgement {
    var input: GateInput
    var warnings: [String]
    var notes: [String]
    var gates: [GateResult]
    var newFailures: Set<String> { Set(input.newFailures) }
}

extension CommandContext {
    /// The gates' input from the run and its history, and their verdicts: how `run` and `check`
    /// judge a run.
    func judge(_ prepared: PreparedRun, insights: HistoryInsights) -> Judgement {
        let (input, warnings, notes) = GateInputBuilder.build(
            prepared: prepared, comparison: insights.comparison, configuration: configuration,
            flakyPast: insights.flakyPast,
            flakyBefore: insights.flakyBefore, now: options.now)
        return Judgement(
            input: input, warnings: warnings, notes: notes,
            gates: GateEvaluator.evaluate(input, configuration: configuration.gates))
    }
}
