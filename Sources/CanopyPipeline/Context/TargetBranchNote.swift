import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

/// The run targets a branch that gave no baseline (no run of it before this one, or a misspelt
/// `--base-branch`): the comparison fell back to the run's own branch, or to none. The command
/// says it (`TargetBranchNote.text`).
struct TargetBranchNote: Sendable, Equatable {
    /// The target branch.
    var target: String
    /// The store searched (redacted).
    var store: String
    /// The baseline of the run's own branch compared with instead (`baselineLabel`), or nil.
    var fallback: String?
}

extension TargetBranchNote {
    /// The note when `run` targets a branch that gave no baseline; nil otherwise, and when the
    /// baseline was chosen by `--baseline` (`chosenBaseline`). `storeLocation` is the store searched.
    init?(run: Run, baseline: StoredRun?, chosenBaseline: String?, storeLocation: String) {
        guard chosenBaseline == nil, let target = run.metadata.baseBranch, target != run.metadata.branch,
            baseline?.metadata.branch != target
        else { return nil }
        self.init(
            target: target, store: storeLocation.redactedStore,
            fallback: baseline.map { $0.baselineLabel(comparedWithRunOn: run.metadata.branch) })
    }
}
