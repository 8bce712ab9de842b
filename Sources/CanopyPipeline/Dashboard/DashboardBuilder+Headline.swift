import CanopyAnalysis
import CanopyModel
import CanopyRender

extension DashboardBuilder {
    /// The figures a headline's changes count from; each is nil where there is nothing to compare.
    private struct HeadlineBaseline {
        var tests: Int?
        var passed: Int?
        var failed: Int?
        var passedOnRetry: Int?
        var skipped: Int?
        var expectedFailures: Int?
        var passRate: Double?
        var duration: Double?
        var coverage: Double?
        var auditErrors: Int?
        var auditWarnings: Int?
    }

    /// The run's key figures and their change against its baseline run, on a trend page too.
    /// Without judged gates a failed test says only that tests failed.
    func headline() -> DashboardHeadline {
        let totals = input.totals
        let status: DashboardStatus
        if let gates = input.gates {
            status = gates.contains { !$0.passed } ? .gateFailed : (totals.failed > 0 ? .failed : .passed)
        } else {
            status = totals.failed > 0 ? .testsFailed : .passed
        }
        let (errors, warnings) = input.audits.severityCounts
        let base = headlineBaseline()
        func kpi(_ value: Int, _ base: Int?) -> DashboardKPI {
            DashboardKPI(Double(value), baseline: base.map(Double.init))
        }
        return DashboardHeadline(
            status: status, tests: kpi(totals.tests, base.tests), passed: kpi(totals.passed, base.passed),
            failed: kpi(totals.failed, base.failed),
            passedOnRetry: kpi(totals.passedOnRetry, base.passedOnRetry),
            skipped: kpi(totals.skipped, base.skipped),
            passRate: DashboardKPI(
                totals.passRate, baseline: base.passRate,
                isMeasured: totals.tests > totals.skipped + totals.expectedFailures),
            identifierCoverage: DashboardKPI(
                input.coverage ?? 0, baseline: base.coverage, isMeasured: input.coverage != nil),
            auditErrors: kpi(errors, base.auditErrors), auditWarnings: kpi(warnings, base.auditWarnings),
            duration: DashboardKPI(totals.duration, baseline: base.duration),
            expectedFailures: totals.expectedFailures > 0 || (base.expectedFailures ?? 0) > 0
                ? kpi(totals.expectedFailures, base.expectedFailures) : nil)
    }

    /// The baseline run's totals, with coverage and audit figures from the comparison made against
    /// it. A trend page's Latest run tab is the latest run as `canopy report` shows it: the same
    /// baseline (the window's first and last runs are the Trend tab's series).
    private func headlineBaseline() -> HeadlineBaseline {
        let baseline = input.insights?.baselineRun?.totals
        let comparison = input.insights?.comparison
        return HeadlineBaseline(
            tests: baseline?.tests, passed: baseline?.passed, failed: baseline?.failed,
            passedOnRetry: baseline?.passedOnRetry,
            skipped: baseline?.skipped, expectedFailures: baseline?.expectedFailures,
            passRate: baseline?.passRate, duration: baseline?.duration, coverage: comparison?.overallCoverage?.before,
            auditErrors: comparison?.baselineAuditErrors, auditWarnings: comparison?.baselineAuditWarnings)
    }

    /// What the page says its figures are compared with: the baseline run, on a trend page the
    /// latest run's.
    func baselineLabel() -> String? {
        input.insights?.baselineRun.map { $0.baselineLabel(comparedWithRunOn: input.metadata.branch) }
    }
}
