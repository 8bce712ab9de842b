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
    /// The tests it covers that passed this run, those whose record says lift first.
    package var passed: [DashboardQuarantinedPass] = []

    package init(covers: String, reason: String? = nil, expires: String? = nil, matches: Int, location: String? = nil) {
        self.covers = covers
        self.reason = reason
        self.expires = expires
        self.matches = matches
        self.location = location
    }
}

/// A quarantined test that passed this run, with how it fared over the history window: a
/// quarantine that no longer catches anything is worth lifting.
package struct DashboardQuarantinedPass: Sendable, Equatable, Hashable, Codable {
    /// The test key.
    package var test: String
    /// Its passing runs and runs over the window; nil when the window holds no failure of it.
    package var passedRuns: Int?
    package var runs: Int?

    package init(test: String, passedRuns: Int? = nil, runs: Int? = nil) {
        self.test = test
        self.passedRuns = passedRuns
        self.runs = runs
    }

    /// Whether its record says lift: no failure in the window, or at least 9 runs in 10 passing.
    package var suggestsLifting: Bool {
        guard let passedRuns, let runs, runs > 0 else { return true }
        return passedRuns * 10 >= runs * 9
    }

    /// `passed 9 of the last 10 runs: consider lifting`.
    package var text: String {
        var text: String
        if let passedRuns, let runs {
            text = "passed \(passedRuns) of the last \(runs) run\(runs == 1 ? "" : "s")"
        } else {
            text = "passed, and no failure in the history window"
        }
        if suggestsLifting { text += ": consider lifting" }
        return text
    }
}
