/// One node of the identifier tree as touched by a run, with the figures of its branch (the
/// node and every node under it): every node of the tree, so a stored run's tree can be drawn
/// as the run's own dashboard drew it.
///
/// Runs stored before schema version 3 kept the identifier nodes alone (templates used exactly),
/// with their own figures and no parent or error count: `auditErrors` is nil for those.
package struct IdentifierNodeDigest: Sendable, Equatable, Hashable, Codable {
    /// The node's template path (`Checkout.PaymentSheet.PayButton`, `Podcast-{id}-row`).
    package var path: String
    /// The parent's path; nil for a root (and for every node stored before schema 3).
    package var parent: String?
    /// Distinct tests that touched the branch.
    package var tests: Int
    /// Distinct failed tests among `tests` with a failure on the branch (failure messages before
    /// schema 12, which recounted them).
    package var failed: Int
    /// Distinct tests passed on retry among `tests`.
    package var passedOnRetry: Int
    package var auditIssues: Int
    /// Of `auditIssues`, those of error severity (the rest are warnings); nil before schema 3.
    package var auditErrors: Int?
    /// Interactive elements attributed to the branch, and of those the identified ones; nil
    /// before schema 3 (the run's branch coverage figures reach `coverage.branchDepth` only).
    package var interactive: Int?
    package var identified: Int?

    package init(
        path: String, parent: String?, tests: Int, failed: Int, passedOnRetry: Int, auditIssues: Int, auditErrors: Int?,
        interactive: Int? = nil, identified: Int? = nil
    ) {
        self.path = path
        self.parent = parent
        self.tests = tests
        self.failed = failed
        self.passedOnRetry = passedOnRetry
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.interactive = interactive
        self.identified = identified
    }
}
