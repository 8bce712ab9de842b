/// One node of the identifier tree: a template prefix (`Podcast`, `Podcast-{id}`, `Podcast-{id}-row`).
package struct IdentifierNode: Sendable, Equatable, Hashable, Codable {
    /// The template prefix this node stands for.
    package var path: String
    /// The last segment (`{id}`, `row`).
    package var segment: String
    /// The parent's path; nil for a root.
    package var parent: String?
    /// 1 for a root.
    package var depth: Int
    /// Whether some element, failure or audit used exactly this template (not only a prefix of one).
    package var isIdentifier: Bool
    /// Where the identifier was seen: `snapshot`, `audit`, `failure`, `output`.
    package var sources: [NodeSource]
    /// Up to three raw identifiers folded into this template.
    package var examples: [String]
    /// Element types seen with this identifier.
    package var elementTypes: [String]
    /// Figures for exactly this template.
    package var own: NodeStats
    /// Figures for this node and every descendant.
    package var branch: NodeStats
}
