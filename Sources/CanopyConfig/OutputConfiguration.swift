import CanopyAnalysis
import CanopyModel

/// Output budgets and limits (`output:` in canopy.yml).
package struct OutputConfiguration: Sendable, Equatable {
    /// Bytes of Markdown appended to `$GITHUB_STEP_SUMMARY` (GitHub's limit is 1 MiB).
    package var summaryBudget = 1_048_576
    /// Bytes of the PR-comment variant (`Reports/comment.md`; GitHub's limit is 65,535): by default
    /// about two phone screens, whatever the run.
    package var commentBudget = 10_000
    /// At most this many annotations are printed, most important first.
    package var annotations = 10
    /// The http(s) URL where the dashboard (`site/index.html`) is published, for the summary's
    /// links (`CANOPY_DASHBOARD_URL` wins over it).
    package var dashboardURL: String?

    package init() {}
}
