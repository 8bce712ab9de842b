/// How a mention became an identifier.
package enum Resolution: String, Sendable, Equatable, Hashable, Codable {
    /// Written in identifier syntax, or carried by the snapshot or audit element itself.
    case explicit
    /// A quoted name that is an identifier known from the run's snapshots or audits.
    case known
    /// A label, mapped to the identifier of the element carrying it in a snapshot or audit.
    case label
    /// An unknown quoted name that looks like an identifier (no spaces; a separator or camelCase).
    case assumed
    /// Not in the failure itself: the last element the attempt's activity log acted on.
    case activity
    /// Not in the failure itself: the last element named by the attempt's steps up to the one
    /// that failed (an `.xcresult` bundle's activities: `Tap "Podcast-42-row" Cell`).
    case step

    /// Whether the element was inferred from what the test did before failing, not named by the failure.
    package var isFromTestLog: Bool { self == .activity || self == .step }
}
