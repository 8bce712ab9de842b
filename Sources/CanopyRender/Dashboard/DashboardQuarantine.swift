/// An active quarantine entry as the page lists it.
package struct DashboardQuarantine: Sendable, Equatable, Hashable, Codable {
    /// What it covers: `test AppUITests.FeedTests/*`, `identifier Login.Forgot (contrast)`.
    package var covers: String
    package var reason: String?
    /// The last day it applies (`2026-12-01`), when it expires.
    package var expires: String?
    /// The run's tests and audit issues it covers.
    package var matches: Int
    /// Where it is written (`Config/canopy.yml:42 (quarantine[2])`).
    package var location: String?

    package init(covers: String, reason: String? = nil, expires: String? = nil, matches: Int, location: String? = nil) {
        self.covers = covers
        self.reason = reason
        self.expires = expires
        self.matches = matches
        self.location = location
    }
}
