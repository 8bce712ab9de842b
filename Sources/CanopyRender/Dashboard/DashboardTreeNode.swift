/// One node of the identifier tree (`Checkout` › `PaymentSheet` › `PayButton`).
///
/// The tree arrives flattened in pre-order: a node's descendants follow it with greater depth.
public struct DashboardTreeNode: Sendable, Equatable, Hashable, Codable {
    /// The full identifier path, e.g. `Checkout.PaymentSheet.PayButton`.
    public var path: String
    /// The last segment, e.g. `PayButton`.
    public var segment: String
    /// 0 for roots.
    public var depth: Int
    /// Direct children.
    public var childCount: Int
    /// Interactive elements seen under this branch.
    public var elements: Int
    /// Of those, elements carrying an identifier.
    public var identified: Int
    /// Failures that hit this branch.
    public var failures: Int
    /// Flaky tests that touch this branch.
    public var flakyTests: Int
    public var auditErrors: Int
    public var auditWarnings: Int

    public init(
        path: String, segment: String, depth: Int, childCount: Int, elements: Int, identified: Int, failures: Int = 0,
        flakyTests: Int = 0, auditErrors: Int = 0, auditWarnings: Int = 0
    ) {
        self.path = path
        self.segment = segment
        self.depth = depth
        self.childCount = childCount
        self.elements = elements
        self.identified = identified
        self.failures = failures
        self.flakyTests = flakyTests
        self.auditErrors = auditErrors
        self.auditWarnings = auditWarnings
    }

    /// Identified over elements, 0…1 (1 when the branch has no elements).
    public var coverage: Double { elements == 0 ? 1 : Double(identified) / Double(elements) }
}
