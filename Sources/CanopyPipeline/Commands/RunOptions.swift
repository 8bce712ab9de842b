import CanopyModel
import Foundation

/// What the commands that ingest a run (`run`, `ingest`, `check`) are given.
package struct RunOptions: Sendable {
    package var inputs = InputSelection()
    /// `--config`; else `CANOPY_CONFIG`; else `Config/canopy.yml` when present.
    package var configPath: String?
    /// `--store`; else `CANOPY_STORE`; else `store:` in the config; else `<out>/history.sqlite`.
    package var store: String?
    /// Where summary.md, site/ and report.json go (`--out`).
    package var outputDirectory = "Reports"
    /// Values given on the command line; they win over CI detection and the inputs.
    package var metadata = RunMetadata()
    /// Compare against this stored run instead of the previous run on the branch.
    package var baseline: String?
    /// `--base-branch`: the branch a pull request targets, when the CI does not say.
    package var baseBranch: String?
    package var annotations = AnnotationMode.automatic
    /// `run --allow-partial`: when some inputs cannot be read, store and judge the run of those
    /// that can, marked partial in history (`RunMetadata.unreadInputs`), instead of exit 2.
    package var allowPartial = false
    /// `--attachments`: whose attachments are written beside the page; else `attachments.scope`
    /// in the config (failing attempts' by default).
    package var attachments: AttachmentScope?
    package var environment: [String: String]
    /// Where the command's progress and notes go (standard error, or a test's sink).
    package var console = Console.standard
    package var now: Date
    package var quiet = false
    /// `--verbose`: the inputs' notes too, besides their warnings.
    package var verbose = false
    /// `--shard`: the inputs are one shard of the run `--run-key` names, stored to be merged.
    package var shard: String?
    /// `run --expect-shards`: the run is the merge of this many stored shards.
    package var expectedShards: Int?
    /// `--test-exit-code`: the test command's own exit code; non-zero adds the test-command gate
    /// (`GateEvaluator.testCommand`).
    package var testExitCode: Int32?
    /// `--source`/`--no-source`: the app's sources for declarations and owners.
    package var source = SourceSelection.automatic
    /// `run --changed`: the files the run's change touches, relative to the source directory; nil
    /// when not given (a pull request's are then read from git, `CommandContext.changedFiles`).
    package var changed: [String]?

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) {
        self.environment = environment
        self.now = now
    }
}
