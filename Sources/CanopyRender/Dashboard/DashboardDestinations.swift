/// The destination × test matrix of a run on several destinations (devices, and test-plan
/// configurations): each test's state on each destination, with the line that rolls them up.
/// Absent (`Dashboard.destinations` nil) for a run on fewer than two destinations.
package struct DashboardDestinations: Sendable, Equatable, Codable {
    /// A test's state on one destination.
    package enum State: String, Sendable, Equatable, Codable, CaseIterable {
        case newFailure = "new-failure"
        case stillFailing = "still-failing"
        /// Failed, left out of the gate (quarantined, or known flaky failing as before).
        case excused
        case passedOnRetry = "passed-on-retry"
        /// Passed, and history calls it flaky there.
        case flaky
        case passed
        case skipped
    }

    /// A test on one destination.
    package struct Cell: Sendable, Equatable, Codable {
        /// The destination's position in `destinations`.
        package var destination: Int
        package var state: State
        /// The commit the test's state there dates from, when it names one.
        package var since: String?

        package init(destination: Int, state: State, since: String? = nil) {
            self.destination = destination
            self.state = state
            self.since = since
        }
    }

    /// One test across the destinations.
    package struct Test: Sendable, Equatable, Codable {
        /// The test without destination (`Class/name`).
        package var test: String
        /// `fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others`.
        package var line: String
        /// One per destination it ran on, by position; a destination without one did not run it,
        /// or did not run its suite at all (`suiteAbsent`).
        package var cells: [Cell]
        /// Whether it ran on every destination its suite ran on, with the same state on each.
        package var isUniform: Bool
        /// The destinations, by position, that ran no test of its suite: no difference there.
        package var suiteAbsent: [Int]

        package init(test: String, line: String, cells: [Cell], isUniform: Bool, suiteAbsent: [Int] = []) {
            self.test = test
            self.line = line
            self.cells = cells
            self.isUniform = isUniform
            self.suiteAbsent = suiteAbsent
        }
    }

    /// The most destinations the view names one by one in how their tests add up to the run's.
    package static let namedInSum = 6

    /// The destinations' labels (`iPad Air (18.2)`, `iPhone 16 (18.2) · German`), column order.
    package var destinations: [String]
    /// Every test that ran on a destination, in the run's order.
    package var tests: [Test]
    /// The run's tests, those on no destination (naming no device) included; nil when not known.
    package var runTests: Int?

    package init(destinations: [String], tests: [Test], runTests: Int? = nil) {
        self.destinations = destinations
        self.tests = tests
        self.runTests = runTests
    }
}

/// Where a failing test of a list fails and passes across the run's destinations: the list names
/// the test once (`test`, without destination) with `line`.
package struct DashboardDestinationLine: Sendable, Equatable, Hashable, Codable {
    /// The test without destination (`Class/name`).
    package var test: String
    /// `fails on iPad Air (18.2) only; passes on 3 others`.
    package var line: String
    /// The test's key and destination on each destination it fails on, in destination order.
    package var failing: [Failing]

    /// A destination the test fails on.
    package struct Failing: Sendable, Equatable, Hashable, Codable {
        /// The test's key there (`Class/name@device#configuration`).
        package var key: String
        /// The destination's label.
        package var destination: String

        package init(key: String, destination: String) {
            self.key = key
            self.destination = destination
        }
    }

    package init(test: String, line: String, failing: [Failing]) {
        self.test = test
        self.line = line
        self.failing = failing
    }
}
