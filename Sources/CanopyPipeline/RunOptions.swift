import CanopyModel
import Foundation

/// How a command should report new failures inline in CI.
public enum AnnotationMode: String, Sendable, CaseIterable {
    /// GitHub workflow commands on GitHub Actions, nothing elsewhere.
    case automatic = "auto"
    case none
    /// `::error file=…,line=…,title=…::message` lines.
    case github
    /// A GitLab Code Quality report (`Reports/gl-code-quality.json`).
    case gitlab
}

/// What the commands that ingest a run (`run`, `ingest`, `check`) are given.
public struct RunOptions: Sendable {
    public var inputs = InputSelection()
    /// `--config`; else `CANOPY_CONFIG`; else `Config/canopy.yml` when present.
    public var configPath: String?
    /// `--store`; else `CANOPY_STORE`; else `store:` in the config; else `<out>/history.sqlite`.
    public var store: String?
    /// Where summary.md, site/ and report.json go (`--out`).
    public var outputDirectory = "Reports"
    /// Values given on the command line; they win over CI detection and the inputs.
    public var metadata = RunMetadata()
    /// Compare against this stored run instead of the previous run on the branch.
    public var baseline: String?
    /// `--base-branch`: the branch a pull request targets, when the CI does not say.
    public var baseBranch: String?
    public var annotations = AnnotationMode.automatic
    /// `run --allow-partial`: when some inputs cannot be read, store and judge the run of those
    /// that can, marked partial in history (`RunMetadata.unreadInputs`), instead of exit 2.
    public var allowPartial = false
    /// `--attachments`: whose attachments are written beside the page; else `attachments.scope`
    /// in the config (failing attempts' by default).
    public var attachments: AttachmentScope?
    public var environment: [String: String]
    public var now: Date
    public var quiet = false
    /// `--verbose`: the inputs' notes too, besides their warnings.
    public var verbose = false

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) {
        self.environment = environment
        self.now = now
    }
}
