import CanopyModel

/// The tests of the baseline that the run does not have, by suite, and the crash records that
/// say why when the test runner died (`BaselineComparison.missingTests`, the gates' crash rule).
package struct DashboardMissingTests: Sendable, Equatable, Hashable, Codable {
    package struct Suite: Sendable, Equatable, Hashable, Codable {
        /// The class or suite (`AppUITests.CheckoutTests`).
        package var name: String
        package var count: Int
        /// Its first missing tests' keys, at most `DashboardMissingTests.listed`.
        package var tests: [String]

        package init(name: String, count: Int, tests: [String]) {
            self.name = name
            self.count = count
            self.tests = tests
        }
    }

    /// Tests listed per suite.
    package static let listed = 5

    package var count: Int
    /// The suites, most missing tests first.
    package var suites: [Suite]
    /// The run's crash records (`Class/name: message`): with them the tests did not run; without
    /// them they were deleted or renamed, or the run ran fewer.
    package var crashes: [String]

    package init(count: Int, suites: [Suite], crashes: [String]) {
        self.count = count
        self.suites = suites
        self.crashes = crashes
    }

    /// The missing `keys` (`Class/name…`) grouped by class, most first; nil when none.
    package static func of(_ keys: [String], crashes: [String]) -> DashboardMissingTests? {
        guard !keys.isEmpty else { return nil }
        let suites = SuiteGroups.of(keys).map {
            Suite(name: $0.suite, count: $0.keys.count, tests: Array($0.keys.prefix(listed)))
        }
        return DashboardMissingTests(count: keys.count, suites: suites, crashes: crashes)
    }

    /// One line of why: the crash, or its absence.
    package var cause: String {
        if let first = crashes.first {
            return "the test runner crashed at \(first)"
                + (crashes.count > 1 ? " (and \(crashes.count - 1) more crash record(s))" : "")
        }
        return "no crash record in the results: deleted or renamed tests, or a run of fewer tests than the baseline"
    }
}
