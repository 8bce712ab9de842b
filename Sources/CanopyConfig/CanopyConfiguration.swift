import CanopyAnalysis
import CanopyModel

/// Everything `Config/canopy.yml` can set. Every key has a default, so no file is needed.
package struct CanopyConfiguration: Sendable {
    /// Identifier scheme, coverage and failure categories.
    package var analysis = AnalysisConfiguration()
    package var flakiness = FlakinessConfiguration()
    package var gates = GateConfiguration()
    package var quarantine: [QuarantineEntry] = []
    package var output = OutputConfiguration()
    /// When a test counts as slower than in the baseline, and how many are listed (`slowerTests:`).
    package var slowerTests = SlowdownThresholds()
    package var attachments = AttachmentConfiguration()
    /// Where history lives: a SQLite path or a `postgres://` URL (`store:`).
    package var store: String?
    /// The file this was read from, nil for defaults.
    package var source: String?

    package init() {}
}

/// Output budgets and limits (`output:` in canopy.yml).
package struct OutputConfiguration: Sendable, Equatable {
    /// Bytes of Markdown appended to `$GITHUB_STEP_SUMMARY` (GitHub's limit is 1 MiB).
    package var summaryBudget = 1_048_576
    /// Bytes of the PR-comment variant (`Reports/comment.md`; GitHub's limit is 65,535).
    package var commentBudget = 65_535
    /// At most this many annotations are printed, most important first.
    package var annotations = 10
    /// The http(s) URL where the dashboard (`site/index.html`) is published, for the summary's
    /// links (`CANOPY_DASHBOARD_URL` wins over it).
    package var dashboardURL: String?

    package init() {}
}

/// The attachments written beside the page (`attachments:` in canopy.yml): screenshots and other
/// files of failing attempts (or of every attempt), read from `.xcresult` bundles and their exports.
package struct AttachmentConfiguration: Sendable, Equatable {
    /// Whose attachments are kept: failing attempts' (the default), every attempt's, or none.
    package var scope = AttachmentScope.failing
    /// Bytes of one attachment at most; a larger one is left out (with a note).
    package var maximumFileBytes = 5 * 1024 * 1024
    /// Bytes of all attachments of a run at most; what comes after is left out (with a note).
    package var maximumRunBytes = 200 * 1024 * 1024
    /// Attachments per attempt at most: those of the failure first, then the last ones taken.
    package var perAttempt = 5

    package init() {}
}
