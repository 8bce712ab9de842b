import CanopyAnalysis
import CanopyModel
import CanopyRender

extension DashboardBuilder {
    /// `accessibility` (one issue per audit issue of the run, `audits`, in order) with the issues the
    /// comparison found new marked so, and how many of the baseline's were resolved (nil without a
    /// baseline run, when every issue counts as new).
    static func markNew(_ accessibility: DashboardAccessibility, audits: [AuditIssue], comparison: BaselineComparison)
        -> DashboardAccessibility
    {
        var marked = accessibility
        guard audits.count == accessibility.issues.count else { return accessibility }
        // A multiset: the same issue twice in the run and once in the baseline is new once.
        var fresh: [AuditIssue: Int] = [:]
        for issue in comparison.newAuditIssues { fresh[issue, default: 0] += 1 }
        for index in audits.indices {
            let issue = audits[index]
            guard let left = fresh[issue], left > 0 else { continue }
            fresh[issue] = left - 1
            marked.issues[index].isNew = true
        }
        marked.resolved = comparison.baselineAuditErrors != nil ? comparison.resolvedAuditIssues : nil
        return marked
    }
}
