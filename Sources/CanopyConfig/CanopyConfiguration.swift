import CanopyAnalysis
import CanopyModel

/// Everything `Config/canopy.yml` can set. Every key has a default, so no file is needed.
public struct CanopyConfiguration: Sendable {
    /// Identifier scheme, coverage and failure categories.
    public var analysis = AnalysisConfiguration()
    public var flakiness = FlakinessConfiguration()
    public var gates = GateConfiguration()
    public var quarantine: [QuarantineEntry] = []
    public var output = OutputConfiguration()
    /// When a test counts as slower than in the baseline, and how many are listed (`slowerTests:`).
    public var slowerTests = SlowdownThresholds()
    public var attachments = AttachmentConfiguration()
    /// Where history lives: a SQLite path or a `postgres://` URL (`store:`).
    public var store: String?
    /// The file this was read from, nil for defaults.
    public var source: String?

    public init() {}
}

/// Output budgets and limits (`output:` in canopy.yml).
public struct OutputConfiguration: Sendable, Equatable {
    /// Bytes of Markdown appended to `$GITHUB_STEP_SUMMARY` (GitHub's limit is 1 MiB).
    public var summaryBudget = 1_048_576
    /// Bytes of the PR-comment variant (`Reports/comment.md`; GitHub's limit is 65,535).
    public var commentBudget = 65_535
    /// At most this many annotations are printed, most important first.
    public var annotations = 10
    /// The http(s) URL where the dashboard (`site/index.html`) is published, for the summary's
    /// links (`CANOPY_DASHBOARD_URL` wins over it).
    public var dashboardURL: String?

    public init() {}
}

/// The attachments written beside the page (`attachments:` in canopy.yml): screenshots and other
/// files of failing attempts (or of every attempt), read from `.xcresult` bundles and their exports.
public struct AttachmentConfiguration: Sendable, Equatable {
    /// Whose attachments are kept: failing attempts' (the default), every attempt's, or none.
    public var scope = AttachmentScope.failing
    /// Bytes of one attachment at most; a larger one is left out (with a note).
    public var maximumFileBytes = 5 * 1024 * 1024
    /// Bytes of all attachments of a run at most; what comes after is left out (with a note).
    public var maximumRunBytes = 200 * 1024 * 1024
    /// Attachments per attempt at most: those of the failure first, then the last ones taken.
    public var perAttempt = 5

    public init() {}
}
