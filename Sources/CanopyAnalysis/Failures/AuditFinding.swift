import CanopyModel

/// An audit issue joined to its element and identifier tree node.
package struct AuditFinding: Sendable, Equatable, Hashable, Codable {
    package var issue: AuditIssue
    /// The element it is about, when an identifier could be named.
    package var element: ElementMatch?
    /// Whether an element with that identifier appears in a snapshot (of the same screen, when the issue names one).
    package var inSnapshot: Bool
}
