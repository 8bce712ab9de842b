import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// What `run` and `check` compare the run with, and what else they judge it by.
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Compare with this stored run, not the previous one.", valueName: "key"))
    var baseline: String?

    @Option(
        name: .customLong("base-branch"),
        help: ArgumentHelp("Branch a pull request targets (default: from CI).", valueName: "b"))
    var baseBranch: String?

    @Option(help: ArgumentHelp("The test command's exit code: Canopy's gates decide the job.", valueName: "n"))
    var testExitCode: Int32?

    func apply(to options: inout RunOptions) {
        options.baseline = baseline
        options.baseBranch = baseBranch
        options.testExitCode = testExitCode
    }
}
