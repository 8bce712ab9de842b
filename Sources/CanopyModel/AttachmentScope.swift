/// Whose attachments a run keeps (`--attachments`, `attachments.scope` in canopy.yml).
package enum AttachmentScope: String, Sendable, CaseIterable, Codable {
    /// Those of failing attempts, so of flaky tests too: what a person opens first.
    case failing
    /// Those of every attempt, passing ones too, under the same caps; failing attempts' first.
    case all
    /// None: nothing is read from the payloads or written beside the page.
    case none

    /// Whether an attempt of `outcome` keeps its attachments.
    package func keeps(_ outcome: Outcome) -> Bool {
        switch self {
        case .failing: outcome.isFailure
        case .all: true
        case .none: false
        }
    }
}
