/// How a mention became an identifier.
public enum Resolution: String, Sendable, Equatable, Hashable, Codable {
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
    public var isFromTestLog: Bool { self == .activity || self == .step }
}

/// An element a failure, activity line or audit issue was mapped to.
public struct ElementMatch: Sendable, Equatable, Hashable, Codable {
    /// The identifier as written (`Podcast-123-row`).
    public var identifier: String
    /// Its template, the identifier tree node (`Podcast-{id}-row`).
    public var template: String
    /// `XCUIElement.ElementType` case name, when known.
    public var elementType: String?
    public var resolution: Resolution

    public init(identifier: String, template: String, elementType: String? = nil, resolution: Resolution) {
        self.identifier = identifier
        self.template = template
        self.elementType = elementType
        self.resolution = resolution
    }
}
