import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

extension CommandContext {
    /// A note when the run targets a branch that gave no baseline (no run of it before this one,
    /// or a misspelt `--base-branch`): the comparison then fell back to the run's own branch, or
    /// to none, and its new failures say so.
    func targetBranchNote(for run: Run, baseline: StoredRun?) -> String? {
        guard options.baseline == nil, let target = run.metadata.baseBranch, target != run.metadata.branch,
            baseline?.metadata.branch != target
        else { return nil }
        let fallback =
            baseline.map {
                "compared with \($0.baselineLabel(comparedWithRunOn: run.metadata.branch)) of the run's own branch instead"
            }
            ?? "so there is no baseline"
        return "the target branch '\(target)' has no run before this one in \(storeLocation.redactedStore); \(fallback)"
    }
}
