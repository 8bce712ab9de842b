import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// What `run` and `check` compare the run with.
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Compare with this stored run, not the previous one.", valueName: "key"))
    var baseline: String?

    @Option(
        name: .customLong("base-branch"),
        help: ArgumentHelp("The branch a pull request targets, its baseline (default: from CI).", valueName: "b"))
    var baseBranch: String?

    func apply(to options: inout RunOptions) {
        options.baseline = baseline
        options.baseBranch = baseBranch
    }
}
