/// One node of the identifier tree (`Checkout` › `PaymentSheet` › `PayButton`).
///
/// The tree arrives flattened in pre-order: a node's descendants follow it with greater depth.
package struct DashboardTreeNode: Sendable, Equatable, Hashable, Codable {
    /// The full identifier path, e.g. `Checkout.PaymentSheet.PayButton`.
    package var path: String
    /// The last segment, e.g. `PayButton`.
    package var segment: String
    /// 0 for roots.
    package var depth: Int
    /// Direct children.
    package var childCount: Int
    /// Interactive elements seen under this branch.
    package var elements: Int
    /// Of those, elements carrying an identifier.
    package var identified: Int
    /// Failed tests with a failure on this branch.
    package var failed: Int
    /// Tests passed on retry that touch this branch.
    package var passedOnRetry: Int
    package var auditErrors: Int
    package var auditWarnings: Int

    package init(
        path: String, segment: String, depth: Int, childCount: Int, elements: Int, identified: Int, failed: Int = 0,
        passedOnRetry: Int = 0, auditErrors: Int = 0, auditWarnings: Int = 0
    ) {
        self.path = path
        self.segment = segment
        self.depth = depth
        self.childCount = childCount
        self.elements = elements
        self.identified = identified
        self.failed = failed
        self.passedOnRetry = passedOnRetry
        self.auditErrors = auditErrors
        self.auditWarnings = auditWarnings
    }

    /// Identified over elements, 0…1 (1 when the branch has no elements).
    package var coverage: Double { elements == 0 ? 1 : Double(identified) / Double(elements) }
}
