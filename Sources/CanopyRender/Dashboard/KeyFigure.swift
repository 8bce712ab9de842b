/// One of the run's key figures as every surface shows it: its label, value and change, which way
/// a change is better, and its series over the trend's runs.
struct KeyFigure {
    var label: String
    var kpi: DashboardKPI
    var unit: KPIUnit
    /// Whether a higher value is better; nil when a change is neither better nor worse.
    var higherIsBetter: Bool?
    /// The figure in one run of the trend; nil for a figure without a series (or not measured in
    /// that run).
    var series: ((DashboardTrendPoint) -> Double?)?
}

extension DashboardHeadline {
    /// The key figures, in the order the summary, the comment and the page show them.
    ///
    /// "Passed on retry" is neutral: fewer tests passing on retry can mean more failing outright,
    /// which "Failed" says. The test, skip and expected-failure counts are neutral too; "Expected
    /// failures" is there only when the run or its baseline has any.
    var keyFigures: [KeyFigure] {
        var figures = [
            KeyFigure(label: "Tests", kpi: tests, unit: .count),
            KeyFigure(label: "Passed", kpi: passed, unit: .count, higherIsBetter: true),
            KeyFigure(label: "Failed", kpi: failed, unit: .count, higherIsBetter: false) { Double($0.failed) },
            KeyFigure(label: "Passed on retry", kpi: passedOnRetry, unit: .count) { Double($0.passedOnRetry) },
            KeyFigure(label: "Skipped", kpi: skipped, unit: .count),
            KeyFigure(label: "Pass rate", kpi: passRate, unit: .ratio, higherIsBetter: true) { $0.passRate },
            KeyFigure(label: "Identifier coverage", kpi: identifierCoverage, unit: .ratio, higherIsBetter: true) {
                $0.coverage
            },
            KeyFigure(label: "Audit errors", kpi: auditErrors, unit: .count, higherIsBetter: false) {
                Double($0.auditErrors)
            },
            KeyFigure(label: "Audit warnings", kpi: auditWarnings, unit: .count, higherIsBetter: false) {
                Double($0.auditIssues - $0.auditErrors)
            },
            KeyFigure(label: "Test time (sum)", kpi: duration, unit: .seconds, higherIsBetter: false) { $0.duration },
        ]
        if let expectedFailures {
            figures.insert(KeyFigure(label: "Expected failures", kpi: expectedFailures, unit: .count), at: 5)
        }
        return figures
    }
}
