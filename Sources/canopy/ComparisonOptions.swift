import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// What `run` and `check` compare the run with.
struct ComparisonOptions: ParsableArguments {
    @Option(help: "Compare against this stored run instead of the previous run (see --base-branch).")
    var baseline: String?

    @Option(
        name: .customLong("base-branch"),
        help: "The branch a pull request targets: its latest run is the baseline (default: from CI).")
    var baseBranch: String?

    func apply(to options: inout RunOptions) {
        options.baseline = baseline
        options.baseBranch = baseBranch
    }
}
